#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| zhanqi_server::fuzzing::client_frame(data));
