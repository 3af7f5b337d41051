//! `fourbot render`: writes a PNG or a GIF of the game; bad input is refused
//! like `fourbot position` does (exit 2, one line on stderr, nothing on
//! stdout, no file).

use std::path::PathBuf;
use std::process::{Command, Output};

use fourbot::game::Variant;
use fourbot::render::Layout;

fn out_path(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fourbot-render-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    path
}

fn fourbot(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fourbot"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn assert_refused(out: &Output, message: &str) {
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert_eq!(String::from_utf8_lossy(&out.stderr), format!("{message}\n"));
}

#[test]
fn render_writes_a_png_of_the_position() {
    let path = out_path("board.png");
    let out = fourbot(&[
        "render",
        "--variant",
        "obstacles",
        "--blocks",
        "b1 f1 b2 f2",
        "--moves",
        "d c d",
        "--last",
        "-o",
        path.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{out:?}");
    assert!(out.stdout.is_empty() && out.stderr.is_empty());
    let img = image::open(&path).unwrap();
    let layout = Layout::new(Variant::Obstacles);
    assert_eq!(
        (img.width(), img.height()),
        (layout.width(), layout.height())
    );
}

#[test]
fn render_gif_writes_a_replay() {
    let path = out_path("game.gif");
    let out = fourbot(&[
        "render",
        "--moves",
        "4453",
        "--gif",
        "--output",
        path.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{out:?}");
    let bytes = std::fs::read(&path).unwrap();
    assert!(bytes.starts_with(b"GIF89a"));
}

#[test]
fn render_preview_accepts_a_letter_or_a_digit() {
    let a = out_path("preview-letter.png");
    let b = out_path("preview-digit.png");
    for (col, path) in [("c", &a), ("3", &b)] {
        let out = fourbot(&[
            "render",
            "--moves",
            "dc",
            "--preview",
            col,
            "-o",
            path.to_str().unwrap(),
        ]);
        assert!(out.status.success(), "{out:?}");
    }
    assert_eq!(std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
}

#[test]
fn render_refuses_bad_moves_like_position() {
    let path = out_path("refused.png");
    let out = fourbot(&[
        "render",
        "--moves",
        "dddddd d",
        "-o",
        path.to_str().unwrap(),
    ]);
    assert_refused(&out, "ply 7: column d is full");
    assert!(!path.exists());
    let position = fourbot(&["position", "--moves", "dddddd d"]);
    assert_eq!(position.stderr, out.stderr);
    assert_eq!(position.status.code(), Some(2));
}

#[test]
fn render_refuses_a_preview_into_a_full_column() {
    let path = out_path("full.png");
    let out = fourbot(&[
        "render",
        "--moves",
        "dddddd",
        "--preview",
        "d",
        "-o",
        path.to_str().unwrap(),
    ]);
    assert_refused(&out, "column d is full");
    assert!(!path.exists());
}

#[test]
fn render_refuses_blocks_outside_obstacles() {
    let path = out_path("blocks.png");
    let out = fourbot(&[
        "render",
        "--blocks",
        "b1 f1 b2 f2",
        "-o",
        path.to_str().unwrap(),
    ]);
    let position = fourbot(&["position", "--blocks", "b1 f1 b2 f2"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(out.stderr, position.stderr);
    assert!(out.stdout.is_empty());
    assert!(!path.exists());
}

#[test]
fn render_refuses_a_pop_as_preview() {
    let path = out_path("pop-preview.png");
    let out = fourbot(&[
        "render",
        "--variant",
        "popout",
        "--moves",
        "d",
        "--preview",
        "-d",
        "-o",
        path.to_str().unwrap(),
    ]);
    assert_refused(&out, "preview -d: a preview is a drop");
    assert!(!path.exists());
}
