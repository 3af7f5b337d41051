//! The reader's language: `?lang=<tag>` if it names one of the five,
//! else the first of `Accept-Language` (by weight) that does, else English.

use axum::http::HeaderMap;
use fourbot_i18n::Locale;

/// `tag` as one of the five languages, if it is one (exact, or by its
/// language without region: `de-AT` → German); `None` for any other.
pub fn supported(tag: &str) -> Option<Locale> {
    let tag = tag.trim();
    let language = tag.split(['-', '_']).next().unwrap_or("");
    let locale = Locale::negotiate(tag);
    // negotiate() falls back to English for anything: only English itself
    // is English here.
    (locale != Locale::EnUs || language.eq_ignore_ascii_case("en")).then_some(locale)
}

/// The languages of an `Accept-Language` header that are supported, most
/// wanted first (RFC 9110 §12.5.4: `q` weights, 1 when absent; `q=0`
/// means "not this"; equal weights keep their order).
pub fn accepted(header: &str) -> Vec<Locale> {
    let mut ranges: Vec<(u16, usize, Locale)> = header
        .split(',')
        .enumerate()
        .filter_map(|(i, item)| {
            let mut parts = item.split(';');
            let tag = parts.next()?.trim();
            let q = parts
                .filter_map(|p| p.trim().strip_prefix("q="))
                .filter_map(|q| q.trim().parse::<f32>().ok())
                .next()
                .unwrap_or(1.0);
            let weight = (q.clamp(0.0, 1.0) * 1000.0) as u16;
            (weight > 0).then_some(())?;
            Some((weight, i, supported(tag)?))
        })
        .collect();
    ranges.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    ranges.into_iter().map(|(_, _, l)| l).collect()
}

/// The reader's language: `query` (the `lang` parameter) if supported,
/// else `Accept-Language`'s best supported language, else English.
pub fn negotiate(query: Option<&str>, headers: &HeaderMap) -> Locale {
    if let Some(l) = query.and_then(supported) {
        return l;
    }
    headers
        .get(axum::http::header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .and_then(|h| accepted(h).first().copied())
        .unwrap_or(Locale::FALLBACK)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_query_wins_then_the_most_wanted_supported_language_then_english() {
        let mut h = HeaderMap::new();
        h.insert(
            "accept-language",
            "fr-CH, fr;q=0.9, bg;q=0.8, de;q=0.7, *;q=0.5"
                .parse()
                .unwrap(),
        );
        assert_eq!(negotiate(None, &h), Locale::Bg);
        assert_eq!(negotiate(Some("it"), &h), Locale::It);
        assert_eq!(negotiate(Some("xx"), &h), Locale::Bg, "unknown query");
        assert_eq!(negotiate(None, &HeaderMap::new()), Locale::EnUs);
        assert_eq!(accepted("de;q=0.2, el"), vec![Locale::El, Locale::De]);
        assert_eq!(accepted("de;q=0, en-GB"), vec![Locale::EnUs]);
        assert_eq!(supported("de-AT"), Some(Locale::De));
        assert_eq!(supported("fr"), None);
    }
}
