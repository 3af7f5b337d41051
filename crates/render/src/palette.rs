//! Maps an RGBA picture onto its palette ([`super::theme::palette`]) for the
//! 8-bit indexed PNG and the GIF.
//!
//! Each pixel goes to the palette colour nearest (weighted squared sRGB
//! distance, weights 3:4:2) to the centre of its 6-bit-per-channel cube of
//! colour space. The answer per cube is cached in a lookup table filled
//! lazily, so a picture maps the same way whatever was mapped before.
//! Palette entries are seeded into their own cubes first (flats last), so
//! a flat colour always maps to itself exactly. Runs of equal pixels, the bulk of
//! a board picture, cost one comparison each.
//!
//! One quantizer per [`PaletteKey`] (16 at most, 512 KiB of table each) is
//! shared by all threads; the table's slots are atomics, and two threads
//! filling the same slot store the same answer.

use std::sync::atomic::{AtomicU16, Ordering};
use std::sync::OnceLock;

use super::theme::{palette, PaletteKey, Rgb};

const EMPTY: u16 = u16::MAX;

/// A palette and its lookup table.
pub struct Quantizer {
    palette: Vec<Rgb>,
    lut: Vec<AtomicU16>,
}

fn cube(r: u8, g: u8, b: u8) -> usize {
    ((r as usize >> 2) << 12) | ((g as usize >> 2) << 6) | (b as usize >> 2)
}

fn distance(a: Rgb, b: Rgb) -> u32 {
    let d = |i: usize| (a[i] as i32 - b[i] as i32).unsigned_abs();
    3 * d(0) * d(0) + 4 * d(1) * d(1) + 2 * d(2) * d(2)
}

impl Quantizer {
    /// A quantizer for `palette` (at most 255 colours; the first ones, the
    /// flats, win their lookup cubes).
    pub fn new(palette: Vec<Rgb>) -> Quantizer {
        assert!(palette.len() <= 255, "palette too large");
        let lut: Vec<AtomicU16> = (0..1 << 18).map(|_| AtomicU16::new(EMPTY)).collect();
        for (i, c) in palette.iter().enumerate().rev() {
            lut[cube(c[0], c[1], c[2])].store(i as u16, Ordering::Relaxed);
        }
        Quantizer { palette, lut }
    }

    /// The palette colours in index order.
    pub fn palette(&self) -> &[Rgb] {
        &self.palette
    }

    /// The palette as `r, g, b, …` bytes padded with black to 256 entries.
    pub fn palette_bytes(&self) -> Vec<u8> {
        let mut out: Vec<u8> = self.palette.iter().flatten().copied().collect();
        out.resize(256 * 3, 0);
        out
    }

    fn nearest(&self, c: Rgb) -> u8 {
        let mut best = (u32::MAX, 0);
        for (i, &p) in self.palette.iter().enumerate() {
            let d = distance(c, p);
            if d < best.0 {
                best = (d, i);
            }
        }
        best.1 as u8
    }

    /// The palette index of every pixel of opaque RGBA `pixels`, row by row.
    pub fn indices(&self, pixels: &[u8]) -> Vec<u8> {
        let mut out = Vec::with_capacity(pixels.len() / 4);
        let mut last: Option<(u32, u8)> = None;
        for px in pixels.chunks_exact(4) {
            let key = u32::from_ne_bytes([px[0], px[1], px[2], px[3]]);
            let index = match last {
                Some((k, i)) if k == key => i,
                _ => {
                    let i = self.lookup([px[0], px[1], px[2]]);
                    last = Some((key, i));
                    i
                }
            };
            out.push(index);
        }
        out
    }

    fn lookup(&self, c: Rgb) -> u8 {
        let slot = &self.lut[cube(c[0], c[1], c[2])];
        match slot.load(Ordering::Relaxed) {
            EMPTY => {
                // The cube's centre, so the answer is the same whichever
                // pixel asks first.
                let centre = c.map(|v| (v & !3) | 2);
                let i = self.nearest(centre);
                slot.store(i as u16, Ordering::Relaxed);
                i
            }
            i => i as u8,
        }
    }
}

static QUANTIZERS: [OnceLock<Quantizer>; 16] = [const { OnceLock::new() }; 16];

/// The shared quantizer of `key`'s palette, built on first use.
pub fn quantizer(key: PaletteKey) -> &'static Quantizer {
    let slot = key.blue as usize
        | (key.blocks as usize) << 1
        | (key.ghosts as usize) << 2
        | (key.preview as usize) << 3;
    QUANTIZERS[slot].get_or_init(|| Quantizer::new(palette(key)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn palette_colours_map_to_themselves() {
        let key = PaletteKey {
            blue: true,
            blocks: true,
            ghosts: false,
            preview: false,
        };
        let q = Quantizer::new(palette(key));
        let flats = q.palette()[..9].to_vec();
        let pixels: Vec<u8> = flats.iter().flat_map(|c| [c[0], c[1], c[2], 255]).collect();
        let idx = q.indices(&pixels);
        for (i, &k) in idx.iter().enumerate() {
            assert_eq!(q.palette()[k as usize], flats[i]);
        }
    }

    #[test]
    fn an_off_palette_colour_maps_to_a_close_one() {
        let q = Quantizer::new(vec![[0, 0, 0], [255, 255, 255], [128, 0, 0]]);
        assert_eq!(q.indices(&[120, 10, 5, 255]), vec![2]);
        assert_eq!(q.indices(&[250, 240, 255, 255]), vec![1]);
    }
}
