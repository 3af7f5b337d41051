//! What the pages to share have in common (a player's page, a
//! leaderboard): their `<head>` with the OpenGraph and Twitter card tags
//! that make Discord unfurl a link with a picture, the reading of their
//! query strings, and the answer when a picture is refused.
//!
//! Every value goes through maud, which escapes it (attributes included):
//! a member's name in `og:title` cannot close the attribute.

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use maud::{html, Markup, DOCTYPE};

use fourbot_i18n::Locale;

use super::charts::Drawn;
use super::state::Web;

/// What a page to share tells the sites that unfurl its link.
pub struct Share {
    /// `og:title`.
    pub title: String,
    /// `og:description`.
    pub description: String,
    /// The page's path ([`crate::paths`]); `og:url` is its [`Web::link`].
    pub path: String,
    /// The picture's path with its query, if the page has one; `og:image`
    /// is its [`Web::link`].
    pub image: Option<String>,
    /// The picture described (`og:image:alt`).
    pub image_alt: String,
    /// `og:type`: `profile` for a player, `website` for a leaderboard.
    pub kind: &'static str,
}

/// The page around `body`, in `l`: its title, the style sheet (no script:
/// these pages need none), and `share`'s OpenGraph and Twitter tags with
/// absolute links.
pub fn shared_page(web: &Web, l: Locale, share: &Share, body: Markup) -> Markup {
    let image = share.image.as_deref().map(|p| web.link(p));
    html! {
        (DOCTYPE)
        html lang=(l.tag()) {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                meta name="referrer" content="same-origin";
                title { (share.title) " — fourbot" }
                meta name="description" content=(share.description);
                meta property="og:site_name" content="fourbot";
                meta property="og:type" content=(share.kind);
                meta property="og:title" content=(share.title);
                meta property="og:description" content=(share.description);
                meta property="og:url" content=(web.link(&share.path));
                meta property="og:locale" content=(l.tag().replace('-', "_"));
                @if let Some(image) = &image {
                    meta property="og:image" content=(image);
                    meta property="og:image:type" content="image/png";
                    meta property="og:image:alt" content=(share.image_alt);
                    meta name="twitter:card" content="summary_large_image";
                    meta name="twitter:image" content=(image);
                    meta name="twitter:image:alt" content=(share.image_alt);
                } @else {
                    meta name="twitter:card" content="summary";
                }
                meta name="twitter:title" content=(share.title);
                meta name="twitter:description" content=(share.description);
                link rel="icon" href="data:,";
                link rel="stylesheet" href=(crate::assets::path("table.css"));
            }
            body { (body) }
        }
    }
}

/// An HTML page to share: 200, revalidated on each visit (a rating changes
/// with every rated match), in the language the request asked for.
pub fn page_response(page: Markup) -> Response {
    let mut response = crate::pages::html_response(StatusCode::OK, page);
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    headers.insert(header::VARY, HeaderValue::from_static("Accept-Language"));
    response
}

/// A picture's answer: the PNG (kept by browsers and unfurlers for five
/// minutes: a new rated match shows soon enough), or 503 with
/// `Retry-After` when too many wait to be drawn, or 500 when drawing
/// failed.
pub fn png_response(drawn: Drawn) -> Response {
    match drawn {
        Drawn::Png(png) => {
            let mut response = (StatusCode::OK, png.as_ref().clone()).into_response();
            let headers = response.headers_mut();
            headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("image/png"));
            headers.insert(
                header::CACHE_CONTROL,
                HeaderValue::from_static("public, max-age=300"),
            );
            // Its words follow `?lang=`, else `Accept-Language`.
            headers.insert(header::VARY, HeaderValue::from_static("Accept-Language"));
            response
        }
        Drawn::Busy => {
            let mut response = StatusCode::SERVICE_UNAVAILABLE.into_response();
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from_static("5"));
            response
        }
        Drawn::Failed => StatusCode::INTERNAL_SERVER_ERROR.into_response(),
    }
}

/// The value of parameter `name` in a query string (`a=1&b=2`), as sent:
/// the values these pages read (numbers, variant keys, language tags)
/// need no decoding, and one that does is not valid anyway.
pub fn param<'q>(query: Option<&'q str>, name: &str) -> Option<&'q str> {
    query?.split('&').find_map(|pair| {
        let (k, v) = pair.split_once('=')?;
        (k == name).then_some(v)
    })
}

/// A positive id of a path or a query (`7`, not `07`, `-1`, `+7` or `0`):
/// one way to write each, so each page has one address.
pub fn id_number(text: &str) -> Option<u64> {
    let canonical =
        !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) && !text.starts_with('0');
    canonical.then(|| text.parse().ok()).flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parameters_and_ids_are_read_strictly() {
        assert_eq!(param(Some("variant=popout&lang=de"), "lang"), Some("de"));
        assert_eq!(param(Some("variant=popout&lang=de"), "page"), None);
        assert_eq!(param(Some("xvariant=a"), "variant"), None);
        assert_eq!(param(None, "lang"), None);
        assert_eq!(id_number("7"), Some(7));
        for bad in ["", "0", "07", "-1", "+7", "7a", "99999999999999999999999"] {
            assert_eq!(id_number(bad), None, "{bad}");
        }
    }
}
