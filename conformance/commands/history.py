"""``mtgconf history``: run the suite on several releases of one engine, side by side, and write
the history page (:mod:`conformance.reports.history`).

Each release is installed in a virtual environment of its own (``--venvs``, kept between runs:
a release already installed there is reused), holding only the engine's package at that
release. The suite then runs in a child process of this interpreter with that environment's
packages first on its path, so the adapter imports that release (the report records the
version the adapter saw, and a run whose version is not the one asked for fails). Releases
outside the adapter's supported range are run anyway (with the adapter's warning): a history
is where that range is found. Each run's JSON-lines report is kept under ``--reports``; with
``--no-run`` the page is written from the reports already there.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import venv
from pathlib import Path

from conformance.reports.history import Release, write_history
from conformance.reports.jsonl import read_report

__all__ = ["ENGINES", "add_arguments", "run"]

#: The engines a history can be made of: adapter name -> (package, variable that lets the
#: adapter run a release outside its supported range).
ENGINES = {"phase-rs": ("phase-python", "MTGCONF_PHASE_ANY_VERSION"),
           "python-mtg": ("python-mtg", "MTGCONF_MTG_ANY_VERSION")}

_CACHE = Path.home() / ".cache" / "mtgconf" / "history"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("releases", nargs="+", metavar="RELEASE",
                        help="the engine's releases, oldest first (e.g. 0.77.0 0.83.0 0.103.0)")
    parser.add_argument("--engine", default="phase-rs", choices=sorted(ENGINES),
                        help="the engine (default: phase-rs)")
    parser.add_argument("--out", type=Path, default=Path("docs/engines"),
                        help="where to write <engine>-history.md and .html "
                             "(default: docs/engines)")
    parser.add_argument("--venvs", type=Path, default=_CACHE / "venvs",
                        help=f"where the releases' environments are made (default: "
                             f"{_CACHE / 'venvs'})")
    parser.add_argument("--reports", type=Path, default=_CACHE / "reports",
                        help=f"where each release's JSON-lines report is kept (default: "
                             f"{_CACHE / 'reports'})")
    parser.add_argument("--common", action="store_true",
                        help="compare only the results every release has (the same cases: "
                             "reports made while the spec changed)")
    parser.add_argument("--no-run", action="store_true",
                        help="run nothing: write the page from the reports already kept")
    parser.add_argument("--jobs", "-j", type=int, default=1, metavar="N",
                        help="worker processes of each run (default: 1)")
    parser.add_argument("--timeout", type=float, default=60.0, metavar="SECONDS",
                        help="seconds allowed per case (default: 60, so a loaded machine "
                             "gives no timeouts that a release didn't cause)")
    parser.add_argument("--generated", type=int, default=None, metavar="N",
                        help="generated cases per run (default: the mtgconf run default)")


def _site_packages(env_dir: Path) -> Path:
    """The site-packages directory of a virtual environment made by this interpreter."""
    lib = "Lib" if os.name == "nt" else f"lib/python{sys.version_info[0]}.{sys.version_info[1]}"
    return env_dir / lib / "site-packages"


def _python(env_dir: Path) -> Path:
    return env_dir / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def install(package: str, release: str, venvs: Path) -> Path:
    """The site-packages of an environment holding ``package==release`` (made if needed)."""
    env_dir = venvs / f"{package}-{release}"
    site = _site_packages(env_dir)
    marker = env_dir / "installed.txt"
    if marker.is_file() and marker.read_text(encoding="utf-8").strip() == f"{package}=={release}":
        return site
    venv.EnvBuilder(with_pip=True, clear=True).create(env_dir)
    done = subprocess.run([str(_python(env_dir)), "-m", "pip", "install", "--quiet",
                           "--no-deps", f"{package}=={release}"], check=False)
    if done.returncode != 0:
        raise SystemExit(f"history: could not install {package}=={release} into {env_dir}")
    marker.write_text(f"{package}=={release}\n", encoding="utf-8")
    return site


def run_release(engine: str, release: str, site: Path, report: Path, *, jobs: int,
                generated: int | None, timeout: float = 60.0) -> int:
    """Run the whole suite on the release installed in ``site``; the run's exit status."""
    _, override = ENGINES[engine]
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(site), *filter(None, [env.get("PYTHONPATH")])])
    env[override] = "1"
    report.parent.mkdir(parents=True, exist_ok=True)
    report.unlink(missing_ok=True)
    command = [sys.executable, "-m", "conformance", "run", "--adapter", engine, "--report",
               str(report), "-q", "--no-progress", "--jobs", str(jobs), "--timeout",
               str(timeout)]
    if generated is not None:
        command += ["--generated", str(generated)]
    print(f"history: {engine} {release}: running the suite ...", flush=True)
    return subprocess.run(command, env=env, check=False,
                          stdout=subprocess.DEVNULL).returncode


def run(args: argparse.Namespace) -> int:
    package, _ = ENGINES[args.engine]
    releases: list[Release] = []
    for release in args.releases:
        report = args.reports / f"{args.engine}-{release}.jsonl"
        if not args.no_run:
            site = install(package, release, args.venvs)
            code = run_release(args.engine, release, site, report, jobs=args.jobs,
                               generated=args.generated, timeout=args.timeout)
            if code not in (0, 1, 4):  # 1: failures (a history has them); others: no run
                print(f"history: the run of {args.engine} {release} ended with status {code}",
                      file=sys.stderr)
                return 1
        if not report.is_file():
            print(f"history: no report for {args.engine} {release} at {report}",
                  file=sys.stderr)
            return 2
        results = read_report(report)
        seen = sorted({r.adapter_version for r in results if r.adapter_version})
        if seen and seen != [release]:
            print(f"history: the report for {release} was made with {', '.join(seen)}",
                  file=sys.stderr)
            return 1
        releases.append(Release(release, results))
    if args.generated == 0:  # the spec cases only, in every report
        releases = [Release(r.name, [x for x in r.results if not x.generated])
                    for r in releases]
    if args.common:
        keys = set.intersection(*({x.key for x in r.results} for r in releases))
        releases = [Release(r.name, [x for x in r.results if x.key in keys])
                    for r in releases]
    out = Path(args.out)
    try:
        base = os.path.relpath(Path.cwd(), out.resolve()).replace(os.sep, "/") + "/"
    except ValueError:
        base = "../../"
    options = (" --generated 0" if args.generated == 0 else "") + (
        " --common" if args.common else "")
    command = f"mtgconf history --engine {args.engine}{options} {' '.join(args.releases)}"
    written = write_history(args.engine, releases, out, link_base=base, command=command)
    for path in written.values():
        print(f"history: wrote {path}")
    return 0
