//! The sequence certificate reader, on the bytes as given (byte 0 even) or on the
//! bytes gzip-compressed first (byte 0 odd), so the header and values behind the
//! compression are reached too; a certificate that reads is checked.
#![no_main]

use std::io::Write;

use flate2::write::GzEncoder;
use flate2::Compression;
use grundy::sequence::certificate::{check, Certificate};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let [mode, body @ ..] = data else {
        return;
    };
    let read = if mode & 1 == 0 {
        Certificate::read(body)
    } else {
        let mut gz = GzEncoder::new(Vec::new(), Compression::fast());
        gz.write_all(body).unwrap();
        Certificate::read(&gz.finish().unwrap()[..])
    };
    match read {
        Ok(cert) => {
            let _ = grundy::registry::certified_game(&cert.game)
                .and_then(|game| check(&cert, &game.rules))
                .map_err(|e| e.to_string());
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
});
