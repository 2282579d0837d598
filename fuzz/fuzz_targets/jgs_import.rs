#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| zhanqi_protocol::fuzzing::jgs_import(data));
