"""A catalog of hostile inputs (issue 15): case files, card files, reports and baselines that
are huge, endless, deep, crafted or not files at all.

Each :class:`Hostile` makes its input in a directory and says what kind it is; the tests feed
every one to the part of the harness that reads that kind (in process in the fast tier, through
the ``mtgconf`` command line in the slow one) and require that it finishes, raises nothing and
reports a located error (or accepts the input, for the few that are valid).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from conformance.results.records import CaseResult

__all__ = ["BASE_CASE", "HOSTILE", "Hostile"]

#: A valid case the case inputs are made from.
BASE_CASE = """\
id = "hostile.base"
title = "A split card in a hand has the total mana value of its halves"
rulings = ["SPLIT-M02"]
rules = ["709.4"]
eras = ["modern"]
features = ["characteristics", "split-cards"]

[setup]
[[setup.objects]]
handle = "ww"
card = "Wax // Wane"
zone = "hand"
owner = "alice"

[[steps]]
observe = { query = "mana_value", object = "ww" }
expect = 2
"""

#: A valid card file.
BASE_CARD = """\
name = "Hostile Bear"
mana_cost = "{1}{G}"
types = ["Creature"]
subtypes = ["Bear"]
power = "2"
toughness = "2"
oracle_text = ""
"""


@dataclass(frozen=True)
class Hostile:
    """One hostile input: ``make(directory)`` writes it and returns its path."""

    name: str
    kind: str  # "case", "card", "report", "record-file" or "baseline"
    make: Callable[[Path], Path]
    #: True when the input is valid after all (the harness must accept it).
    valid: bool = False


def _text(name: str, text: str | bytes, kind: str = "case", valid: bool = False) -> Hostile:
    def make(directory: Path) -> Path:
        path = directory / name
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text, "utf-8")
        return path

    return Hostile(name, kind, make, valid)


def _fifo(name: str, kind: str) -> Hostile:
    def make(directory: Path) -> Path:
        path = directory / name
        os.mkfifo(path)
        return path

    return Hostile(name, kind, make)


def _link(name: str, target: str, kind: str) -> Hostile:
    def make(directory: Path) -> Path:
        path = directory / name
        path.symlink_to(target)
        return path

    return Hostile(name, kind, make)


def _dir(name: str, kind: str) -> Hostile:
    def make(directory: Path) -> Path:
        path = directory / name
        path.mkdir()
        return path

    return Hostile(name, kind, make)


def _loop(name: str, kind: str) -> Hostile:
    def make(directory: Path) -> Path:
        (directory / f"{name}.other").symlink_to(directory / name)
        (directory / name).symlink_to(directory / f"{name}.other")
        return directory / name

    return Hostile(name, kind, make)


def _case(body: str) -> str:
    return BASE_CASE + body


def _swap(old: str, new: str) -> str:
    assert old in BASE_CASE
    return BASE_CASE.replace(old, new, 1)


def _objects(n: int, extra: Callable[[int], str]) -> str:
    return _swap('[[steps]]', "".join(
        f'[[setup.objects]]\nhandle = "o{i}"\ncard = "Wax // Wane"\nzone = "battlefield"\n'
        f'owner = "alice"\n{extra(i)}\n' for i in range(n)) + "[[steps]]")


def _cases() -> list[Hostile]:
    digits = "9" * 5000
    return [
        _text("huge-int.toml", _swap("expect = 2", f"expect = {digits}")),
        _text("huge-int-setup.toml", _swap('owner = "alice"', f'owner = "alice"\ncounters = '
                                                           f'{digits}')),
        _text("huge-hex.toml", _swap("expect = 2", "expect = 0x" + "f" * 5000)),
        _text("deep-arrays.toml", _swap("expect = 2", "expect = " + "[" * 10_000
                                        + "]" * 10_000)),
        _text("deep-tables.toml", _swap("expect = 2", "expect = " + "{a=" * 5_000 + "1"
                                        + "}" * 5_000)),
        _text("deep-header.toml", _case("\n[" + ".".join(["a"] * 10_000) + "]\nx = 1\n")),
        _text("deep-key.toml", _case(".".join(["k"] * 10_000) + " = 1\n")),
        _text("many-deep-headers.toml", _case("".join(
            "\n[[" + ".".join(["z"] * 100) + "]]\nx = 1\n" for _ in range(5_000)))),
        _text("unique-tables.toml", _swap('rulings = ["SPLIT-M02"]', "rulings = [" + ",".join(
            f"{{a={i}}}" for i in range(9_000)) + "]")),
        _text("unique-ints.toml", _swap('rules = ["709.4"]', "rules = [" + ",".join(
            str(i % 4500) for i in range(9_000)) + "]")),
        _text("long-array.toml", _swap("expect = 2", "expect = [" + "1," * 20_000 + "]")),
        _text("many-values.toml", _swap("expect = 2", "expect = [" + ",".join(
            "[" + "1," * 9_000 + "]" for _ in range(30)) + "]")),
        _text("attach-cycle.toml", _objects(
            3_000, lambda i: f'attached_to = "o{(i + 1) % 3_000}"')),
        _text("attach-dangling.toml", _objects(3_000, lambda i: f'attached_to = "x{i}"')),
        _text("unknown-cards.toml", _swap('[[steps]]', "".join(
            f'[[setup.objects]]\nhandle = "u{i}"\ncard = "Wax // Wane {i}"\nzone = "hand"\n'
            f'owner = "alice"\n\n' for i in range(3_000)) + "[[steps]]")),
        _fifo("fifo.toml", "case"),
        _link("zero.toml", "/dev/zero", "case"),
        _dir("directory.toml", "case"),
        _text("too-large.toml", _case("# " + "x" * (3 * 1024 * 1024) + "\n")),
        _text("not-utf8.toml", BASE_CASE.encode() + b"\nx = \"\xff\xfe\"\n"),
        _text("nul.toml", BASE_CASE.encode().replace(b"Wax", b"W\x00x")),
        _text("bom.toml", b"\xef\xbb\xbf" + BASE_CASE.encode()),
        _text("date.toml", _swap("expect = 2", "expect = 2000-10-02")),
        _text("nan.toml", _swap("expect = 2", "expect = nan")),
        _text("inf.toml", _swap('owner = "alice"', 'owner = "alice"\ncounters = inf')),
        _text("time.toml", _swap("expect = 2", "expect = 07:32:00")),
        _text("title-linesep.toml", _swap("A split card in a hand", "A split\u2028card\u2029in"
                                          "\u0085a hand"), valid=True),
        _text("title-ansi.toml", _swap("A split card", "A \\u001b[2Jsplit\\u001b[31m card"),
              valid=True),
        _text("title-markup.toml", _swap("A split card", "A [/bold][red]split card"),
              valid=True),
        _text("title-fence.toml", _swap("A split card", "A ``` # split card <b>"),
              valid=True),
        _text("id-weird.toml", _swap('id = "hostile.base"', 'id = "a\\u0000b\\u202e\\u001b"')),
        _text("handle-controls.toml", BASE_CASE.replace('"ww"', '"w\\u0007\\u001bw"')),
        _text("surrogate-escape.toml", _swap("A split card", "A \\ud800 split card")),
        _text("stray-cr.toml", BASE_CASE.replace("\n", "\r\n").replace('zone = "hand"\r\n',
                                                                        'zone = "hand"\r\r\n')),
        _text("empty.toml", ""),
        _text("comments.toml", "# nothing here\n# at all\n"),
        _text("long-string.toml", _swap("A split card", "A " + "very " * 40_000 + "card")),
        _loop("loop.toml", "case"),
        _link("outside.toml", "/etc/hostname", "case"),
        _text("multiline-headers.toml", _swap('title = "A split card in a hand has the total '
                                              'mana value of its halves"',
                                              'title = """\n[[steps]]\n[setup]\nx = 1\n"""'),
              valid=True),
    ]


def _cards() -> list[Hostile]:
    return [
        _text("card-date.toml", BASE_CARD + "released = 2000-10-02\n", "card"),
        _text("card-nan.toml", BASE_CARD.replace('power = "2"', "power = nan"), "card"),
        _text("card-huge-int.toml", BASE_CARD + "cmc = " + "7" * 5000 + "\n", "card"),
        _text("card-deep.toml", BASE_CARD + "x = " + "[" * 10_000 + "]" * 10_000 + "\n",
              "card"),
        _fifo("card-fifo.toml", "card"),
        _text("card-long-array.toml", BASE_CARD.replace('subtypes = ["Bear"]', "subtypes = ["
                                                        + '"Bear",' * 20_000 + "]"), "card"),
        _link("card-zero.toml", "/dev/zero", "card"),
        _text("card-time-in-face.toml", BASE_CARD + "[[faces]]\nname = \"x\"\nat = 10:00:00\n",
              "card"),
    ]


def _record(**fields: object) -> dict[str, object]:
    record = CaseResult(case="c.one", era="modern", result="passed", adapter="engine",
                        adapter_version="1", area="casting").to_record()
    record.update(fields)
    return record


def _lines(*records: object) -> str:
    return "".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in records)


def _reports() -> list[Hostile]:
    good = _record()
    header = {"record": "run", "format": 1, "suite": {"version": "0", "commit": None},
              "adapter": {"name": "engine", "version": "1"}, "identity": {"x": 1}}
    return [
        _text("rulings-int.jsonl", _lines(good, _record(case="c2", rulings=5)), "report"),
        _text("duration-text.jsonl", _lines(_record(duration_ms="abc"), good), "report"),
        _text("case-int.jsonl", _lines(_record(case=7)), "report"),
        _text("result-unknown.jsonl", _lines(_record(result="maybe")), "report"),
        _text("array-line.jsonl", _lines([1, 2, 3], good), "report"),
        _text("not-json.jsonl", _lines("<<garbage>>", good), "report"),
        _text("not-utf8.jsonl", json.dumps(good).encode() + b"\n\xff\xfe\n", "report"),
        _text("huge-int.jsonl", _lines('{"case": "c", "result": "passed", "era": "modern", '
                                       f'"duration_ms": {"9" * 5000}}}'), "report"),
        _text("deep.jsonl", _lines('{"case": "c", "result": "passed", "observed": '
                                   + "[" * 100_000 + "]" * 100_000 + "}"), "report"),
        _text("raw-linesep.jsonl", _lines(json.dumps(_record(title="a b"), ensure_ascii=False)
                                          .replace("a b", "a\u2028b\u2029c\x85d")), "report",
              valid=True),
        _text("header-late.jsonl", _lines(good, header), "report"),
        _text("two-headers.jsonl", _lines(header, header, good), "report"),
        _text("duplicate.jsonl", _lines(good, good), "report"),
        _text("torn.jsonl", _lines(good) + json.dumps(good)[:20], "report", valid=True),
        _text("empty.jsonl", "", "report"),
        _link("zero.jsonl", "/dev/zero", "report"),
        _fifo("fifo.jsonl", "report"),
        _dir("directory.jsonl", "report"),
        _text("step-negative.jsonl", _lines(_record(step=-4), good), "report"),
        _text("nan-observed.jsonl", _lines(_record(result="failed", observed=float("nan"),
                                                   expected={"a": [1]})), "report", valid=True),
    ]


def _record_files() -> list[Hostile]:
    def report_naming(name: str, target: Callable[[Path], str]) -> Hostile:
        def make(directory: Path) -> Path:
            path = directory / name
            path.write_text(_lines(_record(case=f"c.{name}", file=target(directory))), "utf-8")
            return path

        return Hostile(name, "record-file", make)

    def fifo(directory: Path) -> str:
        os.mkfifo(directory / "named-pipe.toml")
        return str(directory / "named-pipe.toml")

    def binary(directory: Path) -> str:
        (directory / "binary.toml").write_bytes(bytes(range(256)) * 100)
        return str(directory / "binary.toml")

    return [
        report_naming("file-zero.jsonl", lambda d: "/dev/zero"),
        report_naming("file-fifo.jsonl", fifo),
        report_naming("file-passwd.jsonl", lambda d: "/etc/passwd"),
        report_naming("file-binary.jsonl", binary),
        report_naming("file-outside.jsonl", lambda d: "../../../../../../etc/hostname.toml"),
        report_naming("file-proc.jsonl", lambda d: "/proc/self/environ"),
    ]


def _baselines() -> list[Hostile]:
    return [
        _text("huge-int-baseline.toml", f"[[known]]\ncase = \"a\"\nreason = \"r\"\nx = "
                                        f"{'9' * 5000}\n", "baseline"),
        _text("deep-baseline.json", '{"known": ' + "[" * 100_000 + "]" * 100_000 + "}",
              "baseline"),
        _text("not-utf8-baseline.toml", b'[[known]]\ncase = "\xff"\nreason = "r"\n',
              "baseline"),
        _fifo("fifo-baseline.toml", "baseline"),
        _link("zero-baseline.toml", "/dev/zero", "baseline"),
        _text("known-int-baseline.toml", "known = 5\n", "baseline"),
        _text("era-int-baseline.toml", '[[known]]\ncase = "a"\nreason = "r"\nera = 5\n',
              "baseline"),
        _text("array-baseline.json", "[1, 2]", "baseline"),
        _text("unknown-key-baseline.toml", '[[known]]\ncase = "a"\nreason = "r"\nwhy = 1\n',
              "baseline"),
        _text("large-baseline.toml", "# " + "x" * (3 * 1024 * 1024), "baseline"),
        _text("nan-baseline.json", '{"known": [{"case": NaN, "reason": "r"}]}', "baseline"),
        _text("deep-baseline.toml", "known = " + "[" * 10_000 + "]" * 10_000, "baseline"),
    ]


#: Every hostile input, by name.
HOSTILE: dict[str, Hostile] = {h.name: h for h in
                               [*_cases(), *_cards(), *_reports(), *_record_files(),
                                *_baselines()]}
