"""Convert a folder of PGN files with Dask: one task a file, on as many
worker processes as the cluster has.

    python dask_convert.py GAMES/ OUT/ --to numeric --workers 4
    python dask_convert.py GAMES/ OUT/ --scheduler tcp://host:8786

With --workers it starts a LocalCluster of worker processes on this
machine; with --scheduler it uses a running cluster, and the same code
converts a folder on shared storage across many machines (each worker needs
`pip install ./crates/iccf-py`). Each file is converted by iccf's own
parallel pipeline with the GIL released, so a worker with several cores
can also take jobs > 1.
"""

import argparse
import pathlib
from typing import Any, Dict, List, Optional

import dask.bag as db
from dask.distributed import Client, LocalCluster

import iccf

PGN_SUFFIXES = (".pgn", ".pgn.gz", ".pgn.bz2", ".pgn.xz", ".pgn.zst")


def pgn_files(folder: pathlib.Path) -> List[pathlib.Path]:
    """The PGN files of a folder, compressed or not, by name."""
    return sorted(p for p in folder.iterdir() if p.is_file() and p.name.endswith(PGN_SUFFIXES))


def convert_one(src: str, out_dir: str, to: str, jobs: int) -> Dict[str, Any]:
    """One task: convert `src` into `out_dir` under the same name (and so
    the same compression); the file's counts and problems come back."""
    dst = pathlib.Path(out_dir) / pathlib.Path(src).name
    summary = iccf.convert_file(src, dst, to=to, jobs=jobs)
    return {
        "file": src,
        "output": str(dst),
        "games": summary.games,
        "moves": summary.moves,
        "games_with_errors": summary.games_with_errors,
        "problems": [str(p) for p in summary.problems],
    }


def convert_folder(src_dir: pathlib.Path, out_dir: pathlib.Path, to: str = "numeric", jobs: int = 1) -> List[Dict[str, Any]]:
    """Converts every PGN file of `src_dir` into `out_dir` on the current
    Dask client; one result a file, in file order."""
    files = [str(p) for p in pgn_files(src_dir)]
    out_dir.mkdir(parents=True, exist_ok=True)
    bag = db.from_sequence(files, npartitions=max(1, len(files)))
    return bag.map(convert_one, out_dir=str(out_dir), to=to, jobs=jobs).compute()


def game_rows(src_dir: pathlib.Path) -> db.Bag:
    """The games of every file as a Dask bag of rows, one a game: file,
    game number, players, result, plies and the numeric moves
    (`pandas.DataFrame(bag.compute())` makes a table of them; with
    pyarrow installed, `bag.to_dataframe()` a Dask DataFrame)."""

    def rows(path: str):
        for g in iccf.games(path):
            yield {
                "file": pathlib.Path(path).name,
                "game": g["game"],
                "white": g["tags"].get("White", ""),
                "black": g["tags"].get("Black", ""),
                "result": g["result"] or "",
                "plies": len(g["moves"]),
                "numeric": " ".join(m["numeric"] for m in g["moves"]),
            }

    files = [str(p) for p in pgn_files(src_dir)]
    return db.from_sequence(files, npartitions=max(1, len(files))).map(rows).flatten()


def one_file_rows(path: pathlib.Path, parts: int) -> db.Bag:
    """The games of ONE big plain PGN file as a Dask bag, read by `parts`
    tasks on byte ranges (`iccf.split_points`): every game once, in file
    order. A compressed file cannot be split: decompress it first, or read
    it with `game_rows` (one task a file).

    The same ranges suit Spark: `spark.sparkContext.parallelize(ranges,
    len(ranges)).flatMap(lambda r: (g["tags"] for g in iccf.games(path,
    start=r[0], end=r[1])))`."""
    ranges = iccf.split_points(path, parts)

    def rows(span) -> List[Dict[str, Any]]:
        start, end = span
        return [
            {"white": g["tags"].get("White", ""), "black": g["tags"].get("Black", ""),
             "result": g["result"] or "", "numeric": " ".join(m["numeric"] for m in g["moves"])}
            for g in iccf.games(path, start=start, end=end, jobs=1)
        ]

    return db.from_sequence(ranges, npartitions=len(ranges)).map(rows).flatten()


def main(argv: Optional[List[str]] = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("src", type=pathlib.Path)
    parser.add_argument("dst", type=pathlib.Path)
    parser.add_argument("--to", default="numeric")
    parser.add_argument("--workers", type=int, default=2, help="local worker processes")
    parser.add_argument("--jobs", type=int, default=1, help="iccf threads per file")
    parser.add_argument("--scheduler", help="address of a running Dask scheduler")
    args = parser.parse_args(argv)
    if args.scheduler:
        client = Client(args.scheduler)
        cluster = None
    else:
        cluster = LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True, dashboard_address=None)
        client = Client(cluster)
    try:
        for r in convert_folder(args.src, args.dst, args.to, args.jobs):
            print(f"{r['file']}: {r['games']} games, {r['moves']} moves, {r['games_with_errors']} with errors")
            for problem in r["problems"]:
                print(f"  {problem}")
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


if __name__ == "__main__":
    main()
