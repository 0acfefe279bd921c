//! Throughput of the PGN pipeline on real games: lexing, splitting, and
//! converting SAN → numeric text and numeric → SAN PGN.
//!
//! Reads `twic944.pgn` (2,953 master games) from the repository's
//! `testdata/pgn`, or from `$ICCF_DATA` (the folder of the PGN data, as
//! for `bench/run.sh`); falls back to the bundled `samples/games.pgn`.
//!
//! Run with `cargo bench -p iccf-pgn`; `cargo bench -p iccf-pgn -- lex`
//! runs the benchmarks whose name contains `lex`.

use std::{hint::black_box, path::PathBuf, time::Duration};

use criterion::{Criterion, SamplingMode, Throughput, criterion_group, criterion_main};
use iccf::Notation;
use iccf_pgn::{
    convert::{Converter, GameLocation, Options, OutputFormat, located_games},
    lexer::Lexer,
    split::split_games,
};

const TWIC: &str = "pgn4web/twic944.pgn";

/// The benchmark input: twic944 if it can be found, else the sample.
fn input() -> Vec<u8> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let data = std::env::var_os("ICCF_DATA")
        .map(PathBuf::from)
        .unwrap_or_else(|| iccf_testdata::path("pgn"));
    let path = data.join(TWIC);
    match std::fs::read(&path) {
        Ok(bytes) => bytes,
        Err(err) => {
            let sample = root.join("samples/games.pgn");
            eprintln!(
                "cannot read {} ({err}): benchmarking {} instead",
                path.display(),
                sample.display()
            );
            std::fs::read(&sample).expect("samples/games.pgn")
        }
    }
}

fn convert(options: Options, games: &[(GameLocation, &[u8])], out: &mut Vec<u8>) {
    out.clear();
    let reports = Converter::new(options).convert_stream(games, out);
    black_box(reports);
}

fn benches(c: &mut Criterion) {
    let san = input();
    let san_games = located_games(&san);
    let bytes = Throughput::Bytes(san.len() as u64);
    let mut out = Vec::with_capacity(san.len() * 2);

    let mut group = c.benchmark_group("pgn");
    group.throughput(bytes.clone());
    // Into a reused Vec, as the converter does.
    let mut tokens = Vec::new();
    group.bench_function("lex", |b| {
        b.iter(|| {
            let mut count = 0;
            for (_, game) in &san_games {
                tokens.clear();
                tokens.extend(Lexer::new(game));
                count += black_box(&tokens).len();
            }
            count
        })
    });
    group.bench_function("split", |b| {
        b.iter(|| black_box(split_games(black_box(&san))))
    });
    group.finish();

    let mut group = c.benchmark_group("convert");
    // A conversion of the whole file takes a fraction of a second: ten
    // samples fit the measurement time where the default hundred would not.
    group.sample_size(10).sampling_mode(SamplingMode::Flat);
    group.throughput(bytes);
    let to_numeric_text = Options {
        to: Some(Notation::Numeric),
        format: OutputFormat::Text,
        ..Options::default()
    };
    group.bench_function("san_to_numeric_text", |b| {
        b.iter(|| convert(to_numeric_text, &san_games, &mut out))
    });

    // Numeric → SAN reads the numeric PGN conversion of the same games.
    let to_numeric_pgn = Options {
        to: Some(Notation::Numeric),
        ..Options::default()
    };
    let mut numeric = Vec::new();
    convert(to_numeric_pgn, &san_games, &mut numeric);
    let numeric_games = located_games(&numeric);
    let to_san_pgn = Options {
        to: Some(Notation::San),
        format: OutputFormat::Pgn,
        ..Options::default()
    };
    group.throughput(Throughput::Bytes(numeric.len() as u64));
    group.bench_function("numeric_to_san_pgn", |b| {
        b.iter(|| convert(to_san_pgn, &numeric_games, &mut out))
    });
    group.finish();
}

criterion_group! {
    name = pgn;
    // Short runs keep `cargo bench -p iccf-pgn` to about a minute.
    config = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    targets = benches
}
criterion_main!(pgn);
