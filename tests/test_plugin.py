"""The pytest plugin: spec case files collected as items, failures pointing at the case file."""

from __future__ import annotations

import pytest

GOOD = '''\
id = "plugin.good"
title = "Grizzly Bears are green"
rulings = ["MULTI-01"]
rules = ["105.2"]
eras = ["invasion-2000", "modern"]
features = ["characteristics"]

[setup]
[[setup.objects]]
handle = "bears"
card = "Grizzly Bears"

[[steps]]
observe = { query = "colors", object = "bears" }
expect = ["green"]
'''

WRONG = GOOD.replace("plugin.good", "plugin.wrong").replace('["green"]', '["blue"]')


@pytest.fixture
def cases_dir(pytester: pytest.Pytester) -> pytest.Pytester:
    cases = pytester.mkdir("cases")
    (cases / "good.toml").write_text(GOOD)
    (cases / "wrong.toml").write_text(WRONG)
    (cases / "broken.toml").write_text('id = "plugin.broken"\ntitle = \n')
    pytester.makeini("[pytest]\nmtg_collect = true\n")
    return pytester


def test_cases_are_items_per_era(cases_dir: pytest.Pytester) -> None:
    result = cases_dir.runpytest("--collect-only", "-q", "cases/good.toml")
    result.stdout.fnmatch_lines(["*good.toml::plugin.good[[]invasion-2000[]]",
                                 "*good.toml::plugin.good[[]modern[]]"])


def test_failures_point_at_the_case_file_and_step(cases_dir: pytest.Pytester) -> None:
    result = cases_dir.runpytest("-q", "cases")
    result.assert_outcomes(passed=2, failed=3)
    result.stdout.fnmatch_lines([
        "*the case file does not load:*",
        "*broken.toml:2: [[]toml-syntax[]]*",
        "*wrong.toml:13: case plugin.wrong [[]invasion-2000[]] failed",
        "*step 0 (observe colors of bears): expected*",
        '*expected: [[]"blue"[]]',
        '*observed: [[]"green"[]]',
    ])


def test_era_option_filters(cases_dir: pytest.Pytester) -> None:
    result = cases_dir.runpytest("-q", "--mtg-era", "modern", "cases/good.toml")
    result.assert_outcomes(passed=1)


def test_adapter_option(cases_dir: pytest.Pytester) -> None:
    result = cases_dir.runpytest("-q", "--mtg-adapter", "null", "cases/good.toml")
    result.assert_outcomes(failed=2)


def test_reference_engine_unsupported_is_a_failure_not_a_skip(
        cases_dir: pytest.Pytester) -> None:
    """On another engine an unknown query is skipped; on the reference engine, which declares
    every feature and era, it fails the item."""
    (cases_dir.path / "cases" / "u.toml").write_text(
        GOOD.replace("plugin.good", "plugin.unknown").replace('"colors"', '"frobnication"'))
    result = cases_dir.runpytest("-q", "cases/u.toml")
    result.assert_outcomes(failed=2)
    result.stdout.fnmatch_lines(["*plugin.unknown [[]*[]] unsupported*"])


def test_off_unless_asked(pytester: pytest.Pytester) -> None:
    cases = pytester.mkdir("cases")
    (cases / "good.toml").write_text(GOOD)
    result = pytester.runpytest("-q", "cases")
    assert result.ret == pytest.ExitCode.NO_TESTS_COLLECTED


# -- as pytest users expect (issue 16) ---------------------------------------------------------

ENGINE = '''\
from conformance.adapter import AdapterInfo, Unsupported


class Bare:
    """Declares the modern era and no feature."""

    def info(self):
        return AdapterInfo(name=NAME, version="0", eras=("modern",), features=FEATURES)

    def start(self, request):
        return self

    def perform(self, action):
        raise Unsupported("no actions")

    def observe(self, query):
        raise Unsupported("no queries here")

    def close(self):
        pass


NAME = "bare"
FEATURES = frozenset()


class FakeReference(Bare):
    """Claims to be the reference engine and answers nothing."""

    def info(self):
        return AdapterInfo(name="reference", version="0", eras=("modern",),
                           features=frozenset({"characteristics"}))
'''


def test_markers_for_area_era_and_feature(cases_dir: pytest.Pytester) -> None:
    result = cases_dir.runpytest("-q", "--strict-markers", "-m",
                                 "era_modern and area_characteristics and feature_characteristics",
                                 "cases/good.toml")
    result.assert_outcomes(passed=1, deselected=1)
    listed = cases_dir.runpytest("--markers")
    listed.stdout.fnmatch_lines(["*area_casting:*", "*era_invasion_2000:*",
                                 "*feature_split_cards:*"])


def test_skips_point_at_the_case_file(cases_dir: pytest.Pytester) -> None:
    cases_dir.makepyfile(bare=ENGINE)
    cases_dir.syspathinsert()
    result = cases_dir.runpytest("-q", "-rs", "--mtg-adapter", "bare:Bare", "cases/good.toml",
                                 "-p", "no:cacheprovider")
    result.assert_outcomes(skipped=2)
    result.stdout.fnmatch_lines(["SKIPPED [[]1[]] cases/good.toml:1: unsupported: bare does "
                                 "not implement era 'invasion-2000'",
                                 "SKIPPED [[]1[]] cases/good.toml:1: unsupported: bare lacks "
                                 "feature(s): characteristics"])
    assert "pytest_plugin.py" not in result.stdout.str()


def test_a_reference_unsupported_answer_is_a_failure(cases_dir: pytest.Pytester) -> None:
    cases_dir.makepyfile(bare=ENGINE)
    cases_dir.syspathinsert()
    result = cases_dir.runpytest("-q", "--mtg-adapter", "bare:FakeReference", "--mtg-era",
                                 "modern", "cases/good.toml")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*the reference engine must answer every case, but said "
                                 "unsupported*"])


def test_baseline_known_failures_are_strict_xfail(cases_dir: pytest.Pytester) -> None:
    cases_dir.makefile(".toml", baseline='adapter = "reference"\n\n[[known]]\n'
                                         'case = "plugin.wrong"\nreason = "engine bug #1"\n\n'
                                         '[[known]]\ncase = "plugin.good"\nera = "modern"\n'
                                         'reason = "was broken"\n')
    result = cases_dir.runpytest("-q", "-rxX", "--mtg-baseline", "baseline.toml",
                                 "cases/good.toml", "cases/wrong.toml")
    result.assert_outcomes(passed=1, xfailed=2, failed=1)
    result.stdout.fnmatch_lines(["*XFAIL*plugin.wrong*known failure: engine bug #1*"])
    result.stdout.fnmatch_lines(["*case plugin.good [[]modern[]]*",
                                 "[[]XPASS(strict)[]] known failure: was broken"])


def test_generated_cases_are_opt_in_with_a_count(cases_dir: pytest.Pytester) -> None:
    none = cases_dir.runpytest("--collect-only", "-q", "cases/good.toml")
    assert "gen." not in none.stdout.str()
    result = cases_dir.runpytest("-q", "--mtg-generated", "6", "cases/good.toml")
    outcomes = result.parseoutcomes()
    assert outcomes["passed"] >= 2 + 6  # two eras of good.toml, each generated case per era
    header = cases_dir.runpytest("--collect-only", "-q", "--mtg-generated", "3",
                                 "cases/good.toml")
    header.stdout.fnmatch_lines(["generated::gen.*.s20001002.i0[[]*[]]"])
    loud = cases_dir.runpytest("--collect-only", "--mtg-generated", "3", "cases/good.toml")
    loud.stdout.fnmatch_lines(["mtg-conformance: adapter reference; spec *; 3 generated cases"])


def test_shipped_cases_from_any_directory(pytester: pytest.Pytester) -> None:
    """From an engine's own repository (no cases there): --mtg-adapter collects the spec's."""
    pytester.makepyfile(test_engine="def test_own():\n    pass\n")
    result = pytester.runpytest("--collect-only", "-q", "--mtg-adapter", "reference")
    text = result.stdout.str()
    assert "test_engine.py::test_own" in text
    assert text.count("spec/cases/") + text.count("_spec/cases/") > 500 or \
        text.count("::characteristics.") > 50
    run = pytester.runpytest("-q", "--mtg-adapter", "reference", "-m",
                             "area_mana and era_invasion_2000")
    assert run.parseoutcomes()["passed"] >= 5


def test_an_adapter_that_cannot_start_is_a_usage_error(cases_dir: pytest.Pytester) -> None:
    result = cases_dir.runpytest("-q", "--mtg-adapter", "no-such-engine", "cases/good.toml")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*--mtg-adapter no-such-engine: unknown adapter*"])


def test_mtg_spec_names_another_spec(pytester: pytest.Pytester) -> None:
    import shutil

    from conformance.spec.catalog import default_spec

    spec = pytester.path / "elsewhere" / "spec"
    shutil.copytree(default_spec().root, spec, ignore=shutil.ignore_patterns("cases"))
    # a rules area's folder, and an id that starts with it (the loader's area rule)
    (spec / "cases" / "characteristics").mkdir(parents=True)
    (spec / "cases" / "characteristics" / "good.toml").write_text(
        GOOD.replace('id = "plugin.good"', 'id = "characteristics.plugin.good"'))
    work = pytester.mkdir("work")
    result = pytester.runpytest("-q", f"--rootdir={work}", "--mtg-spec", str(spec), str(work))
    result.assert_outcomes(passed=2)
