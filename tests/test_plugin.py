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
