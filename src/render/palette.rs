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

use std::cell::RefCell;
use std::collections::HashMap;

use super::theme::{palette, PaletteKey, Rgb};

const EMPTY: u16 = u16::MAX;

/// A palette and its lookup table.
pub struct Quantizer {
    palette: Vec<Rgb>,
    lut: Vec<u16>,
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
        let mut lut = vec![EMPTY; 1 << 18];
        for (i, c) in palette.iter().enumerate().rev() {
            lut[cube(c[0], c[1], c[2])] = i as u16;
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
    pub fn indices(&mut self, pixels: &[u8]) -> Vec<u8> {
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

    fn lookup(&mut self, c: Rgb) -> u8 {
        let slot = cube(c[0], c[1], c[2]);
        match self.lut[slot] {
            EMPTY => {
                // The cube's centre, so the answer is the same whichever
                // pixel asks first.
                let centre = c.map(|v| (v & !3) | 2);
                let i = self.nearest(centre);
                self.lut[slot] = i as u16;
                i
            }
            i => i as u8,
        }
    }
}

thread_local! {
    static CACHE: RefCell<HashMap<PaletteKey, Quantizer>> = RefCell::new(HashMap::new());
}

/// Runs `f` with this thread's cached quantizer for `key`.
pub fn with_quantizer<T>(key: PaletteKey, f: impl FnOnce(&mut Quantizer) -> T) -> T {
    CACHE.with(|cache| {
        let mut cache = cache.borrow_mut();
        let q = cache
            .entry(key)
            .or_insert_with(|| Quantizer::new(palette(key)));
        f(q)
    })
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
        let mut q = Quantizer::new(palette(key));
        let flats = q.palette()[..9].to_vec();
        let pixels: Vec<u8> = flats.iter().flat_map(|c| [c[0], c[1], c[2], 255]).collect();
        let idx = q.indices(&pixels);
        for (i, &k) in idx.iter().enumerate() {
            assert_eq!(q.palette()[k as usize], flats[i]);
        }
    }

    #[test]
    fn an_off_palette_colour_maps_to_a_close_one() {
        let mut q = Quantizer::new(vec![[0, 0, 0], [255, 255, 255], [128, 0, 0]]);
        assert_eq!(q.indices(&[120, 10, 5, 255]), vec![2]);
        assert_eq!(q.indices(&[250, 240, 255, 255]), vec![1]);
    }
}
