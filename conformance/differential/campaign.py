"""Differential campaigns: every family an engine can play, unattended, within a time budget.

A campaign gives each family a slice of the budget. Within its slice a family's scenarios are
drawn and played beside the reference engine (:func:`conformance.differential.fuzz.fuzz_target`);
a divergence is shrunk to a minimal case, and the search goes on. Divergences are deduplicated by
their *key*: the family and the first diverging step (the query observed, or the type of the
action performed), so a bug met a thousand times is reported once and counted a thousand times,
and the search keeps looking for other bugs instead of shrinking the known one again.

A finding is *known* when the baseline given (``--baseline``, the same file ``mtgconf run``
reads) lists it: an entry whose case glob matches the minimal case's id, the key's id
(``fuzz.<family>.<step>``), or the family's generated cases (``gen.<family>.*``); the entry's
reason travels with it. Everything else is *new* and makes ``mtgconf fuzz`` exit 1.

Families are spread over worker processes (``jobs``); each worker makes its own adapter from the
adapter's name, so any adapter ``mtgconf run`` can name can be fuzzed on every core.
"""

from __future__ import annotations

import fnmatch
import json
import math
import multiprocessing
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from typing import Any

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import seed as hypothesis_seed
from hypothesis.errors import FlakyFailure

from conformance.adapter import Adapter
from conformance.differential.fuzz import (
    Divergence,
    Scenario,
    fuzz_target,
    prune_case,
    reproduction_case,
    scenarios,
)
from conformance.results.baseline import Baseline
from generators.family import FAMILIES

__all__ = ["CampaignReport", "FamilyReport", "Finding", "divergence_key", "fuzz_family",
           "markdown", "playable_families", "run_campaign"]


def divergence_key(div: Divergence) -> str:
    """The step a divergence is deduplicated by: ``observe:<query>`` or ``action:<type>``."""
    if "observe" in div.step:
        return f"observe:{div.step['observe'].get('query', '?')}"
    return f"action:{div.step.get('action', {}).get('type', '?')}"


@dataclass
class Finding:
    """One distinct divergence of a family: its minimal case and how often it was met."""

    family: str
    key: str
    message: str
    case: dict[str, Any]
    count: int = 1
    known: str = ""  # the baseline's reason, when the baseline lists it
    link: str = ""
    file: str = ""  # where the minimal case was written, once written


@dataclass
class FamilyReport:
    """What one family's slice of the campaign did."""

    family: str
    scenarios: int = 0
    seconds: float = 0.0
    divergences: int = 0  # every diverging scenario met, duplicates included
    findings: list[Finding] = field(default_factory=list)
    error: str = ""  # the family could not be run (the adapter would not start, ...)


@dataclass
class CampaignReport:
    """A whole campaign: per family, and in total."""

    adapter: str
    seed: int
    budget: float
    jobs: int
    families: list[FamilyReport] = field(default_factory=list)
    seconds: float = 0.0
    #: A budget of scenarios per family instead of seconds (None: the time budget).
    per_family: int | None = None

    @property
    def scenarios(self) -> int:
        return sum(f.scenarios for f in self.families)

    @property
    def findings(self) -> list[Finding]:
        return [x for f in self.families for x in f.findings]

    @property
    def new(self) -> list[Finding]:
        return [x for x in self.findings if not x.known]

    def throughput(self) -> float:
        """Scenarios per second per core (per worker process)."""
        busy = sum(f.seconds for f in self.families)
        return self.scenarios / busy if busy > 0 else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "adapter": self.adapter, "seed": self.seed, "budget_seconds": self.budget,
            "budget_scenarios_per_family": self.per_family,
            "jobs": self.jobs, "seconds": round(self.seconds, 2),
            "scenarios": self.scenarios,
            "scenarios_per_second_per_core": round(self.throughput(), 2),
            "divergences": sum(f.divergences for f in self.families),
            "distinct": len(self.findings), "new": len(self.new),
            "known": len(self.findings) - len(self.new),
            "families": [_family_json(f) for f in self.families],
        }


def _family_json(report: FamilyReport) -> dict[str, Any]:
    data = asdict(report)
    data["seconds"] = round(report.seconds, 2)
    for finding in data["findings"]:
        finding["case_id"] = finding.pop("case")["id"]
    return data


def playable_families(adapter: Adapter, reference: Adapter,
                      names: Sequence[str] = ()) -> list[str]:
    """The families ``adapter`` can play (its features and eras), or those of ``names``."""
    unknown = [n for n in names if n not in FAMILIES]
    if unknown:
        raise KeyError(f"unknown family {unknown[0]!r}; `mtgconf generate --list` lists them")
    target = fuzz_target(adapter, families=names, reference=reference)
    return [f.name for f in target.families]  # type: ignore[attr-defined]


def _classify(finding: Finding, baseline: Baseline | None) -> None:
    if baseline is None:
        return
    probes = (finding.case["id"], f"fuzz.{finding.family}.{finding.key.replace(':', '-')}",
              f"gen.{finding.family}.campaign")
    era = finding.case["eras"][0]
    for entry in baseline.entries:
        if entry.era is not None and entry.era != era:
            continue
        if any(p == entry.case or fnmatch.fnmatchcase(p, entry.case) for p in probes):
            finding.known, finding.link = entry.reason, entry.link
            return


def fuzz_family(adapter: Adapter, family: str, *, seconds: float, seed: int = 0,
                max_actions: int = 4, shrink_seconds: float = 30.0, batch: int = 100,
                reference: Adapter | None = None,
                clock: Callable[[], float] = time.monotonic,
                scenarios_budget: int | None = None) -> FamilyReport:
    """Search ``family`` for about ``seconds`` (or, with ``scenarios_budget``, until that many
    scenarios were played, whatever the time: the same search on a fast or a busy machine),
    shrinking each new divergence (for at most ``shrink_seconds`` more) and counting the ones
    already found."""
    start = clock()
    search_end = math.inf if scenarios_budget is not None else start + seconds
    counter = [0]
    target = fuzz_target(adapter, families=[family], max_actions=max_actions,
                         reference=reference, counter=counter)
    report = FamilyReport(family)
    if not target.families:  # type: ignore[attr-defined]
        report.error = "the adapter lacks a feature or the eras this family needs"
        return report
    strategy = scenarios(target.families, max_actions=max_actions)  # type: ignore[attr-defined]
    seen: dict[str, Finding] = {}
    round_no = 0
    while _searching(clock, search_end, counter[0], scenarios_budget):
        played = counter[0]
        size = batch if scenarios_budget is None else min(batch, scenarios_budget - played)
        raised = _round(target, strategy, seed * 100003 + round_no, size, clock, search_end,
                        shrink_seconds, seen, report)
        round_no += 1
        if counter[0] == played and not raised:
            break  # the strategy gave nothing to play: another round would give nothing too
        if not raised:
            continue
        report.divergences += 1
        minimal = raised[-1]  # the last divergence raised is the most shrunk
        case = reproduction_case(minimal, seed=seed)
        case = prune_case(case, adapter, target.reference,  # type: ignore[attr-defined]
                          target.cards)  # type: ignore[attr-defined]
        key = divergence_key(minimal)
        finding = seen.get(key)
        if finding is None:
            finding = Finding(family, key, str(minimal), case)
            report.findings.append(finding)
            seen[key] = finding
        else:
            finding.count += 1
        seen.setdefault(divergence_key(raised[0]), finding)
    report.scenarios = counter[0]
    report.seconds = clock() - start
    return report


def _searching(clock: Callable[[], float], search_end: float, played: int,
               budget: int | None) -> bool:
    """Whether the search goes on: time left, or scenarios left of a scenario budget."""
    return played < budget if budget is not None else clock() < search_end


def _round(target: Callable[[Scenario], None], strategy: Any, seed: int, batch: int,
           clock: Callable[[], float], search_end: float, shrink_seconds: float,
           seen: dict[str, Finding], report: FamilyReport) -> list[Divergence]:
    """One Hypothesis run of ``batch`` scenarios: a divergence already in ``seen`` is counted
    and passed over; the first new one is shrunk. Returns the new divergences raised, the
    first one met first and the most shrunk last (empty when none was new)."""
    raised: list[Divergence] = []
    shrink_end: list[float] = []

    @hypothesis_seed(seed)
    @settings(max_examples=batch, database=None, deadline=None, derandomize=False,
              report_multiple_bugs=False, phases=(Phase.generate, Phase.shrink),
              suppress_health_check=list(HealthCheck), print_blob=False)
    @given(strategy)
    def _search(scenario: Scenario) -> None:
        now = clock()
        if (not raised and now > search_end) or (shrink_end and now > shrink_end[0]):
            return  # out of time: pass quickly (shrinking keeps the best case so far)
        try:
            target(scenario)
        except Divergence as div:
            key = divergence_key(div)
            if not raised and key in seen:  # a bug already found: count it and search on
                seen[key].count += 1
                report.divergences += 1
                return
            if not raised:
                shrink_end.append(now + shrink_seconds)
            raised.append(div)
            raise

    try:
        _search()
    except (Divergence, FlakyFailure):
        pass
    return raised


def _work(adapter_name: str, family: str, seconds: float, seed: int, max_actions: int,
          shrink_seconds: float, scenarios_budget: int | None = None) -> FamilyReport:
    """One family in a worker process: its own adapter, made from the adapter's name."""
    from conformance.adapters import resolve_adapter

    started = time.monotonic()
    try:
        adapter = resolve_adapter(adapter_name)
    except Exception as exc:
        return FamilyReport(family, seconds=time.monotonic() - started,
                            error=f"the adapter could not be made: {exc}")
    try:
        return fuzz_family(adapter, family, seconds=seconds, seed=seed,
                           max_actions=max_actions, shrink_seconds=shrink_seconds,
                           scenarios_budget=scenarios_budget)
    except Exception as exc:  # a family that can't be run must not end the campaign
        return FamilyReport(family, seconds=time.monotonic() - started,
                            error=f"{type(exc).__name__}: {exc}")
    finally:
        try:
            adapter.close()
        except Exception:
            pass


def run_campaign(adapter_name: str, families: Sequence[str], *, seconds: float,
                 seed: int = 0, jobs: int = 1, max_actions: int = 4,
                 shrink_seconds: float = 30.0, baseline: Baseline | None = None,
                 adapter: Adapter | None = None,
                 on_family: Callable[[FamilyReport], None] | None = None,
                 per_family: int | None = None) -> CampaignReport:
    """Fuzz every family of ``families`` within a total budget of ``seconds`` (search time;
    shrinking a divergence may add up to ``shrink_seconds`` to a family), or, with
    ``per_family``, for that many scenarios in each family whatever the time, over ``jobs``
    processes. With ``jobs == 1`` the families run in this process on ``adapter`` (made from
    ``adapter_name`` when not given)."""
    started = time.monotonic()
    report = CampaignReport(adapter_name, seed, seconds, jobs, per_family=per_family)
    if not families:
        return report
    jobs = max(1, min(jobs, len(families)))
    report.jobs = jobs
    slice_ = seconds * jobs / len(families)
    for family_report in _reports(adapter_name, families, slice_, seed, jobs, max_actions,
                                  shrink_seconds, adapter, per_family):
        for finding in family_report.findings:
            _classify(finding, baseline)
        report.families.append(family_report)
        if on_family is not None:
            on_family(family_report)
    report.families.sort(key=lambda f: f.family)
    report.seconds = time.monotonic() - started
    return report


def _reports(adapter_name: str, families: Sequence[str], slice_: float, seed: int, jobs: int,
             max_actions: int, shrink_seconds: float,
             adapter: Adapter | None, per_family: int | None) -> Iterator[FamilyReport]:
    if jobs == 1:
        if adapter is None:
            yield from (_work(adapter_name, f, slice_, seed, max_actions, shrink_seconds,
                              per_family) for f in families)
            return
        for family in families:
            try:
                yield fuzz_family(adapter, family, seconds=slice_, seed=seed,
                                  max_actions=max_actions, shrink_seconds=shrink_seconds,
                                  scenarios_budget=per_family)
            except Exception as exc:
                yield FamilyReport(family, error=f"{type(exc).__name__}: {exc}")
        return
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
        futures: list[Future[FamilyReport]] = [
            pool.submit(_work, adapter_name, f, slice_, seed, max_actions, shrink_seconds,
                        per_family)
            for f in families]
        try:
            for family, future in zip(families, futures, strict=True):
                try:
                    yield future.result()
                except Exception as exc:  # a worker that died takes only its family
                    yield FamilyReport(family, error=f"the worker failed: {exc}")
        except BaseException:
            pool.shutdown(wait=False, cancel_futures=True)
            raise


def _budget(report: CampaignReport) -> str:
    if report.per_family is not None:
        return f"{report.per_family} scenarios per family"
    return f"{report.budget:g} s"


def markdown(report: CampaignReport) -> str:
    """The campaign report as Markdown: the totals, a row per family, then each finding."""
    out = [f"# Differential campaign: {report.adapter}", "",
           f"Seed {report.seed}, a budget of {_budget(report)} over {report.jobs} "
           f"process(es); {report.seconds:.0f} s in all. {report.scenarios} scenarios "
           f"({report.throughput():.1f} per second per process), "
           f"{sum(f.divergences for f in report.families)} diverging, "
           f"{len(report.findings)} distinct divergence(s): {len(report.new)} new, "
           f"{len(report.findings) - len(report.new)} known.", "",
           "| family | scenarios | diverging | distinct | new | known | note |",
           "|---|---:|---:|---:|---:|---:|---|"]
    for f in report.families:
        new = sum(1 for x in f.findings if not x.known)
        out.append(f"| {f.family} | {f.scenarios} | {f.divergences} | {len(f.findings)} | "
                   f"{new} | {len(f.findings) - new} | {_cell(f.error)} |")
    if report.findings:
        out += ["", "## Divergences", ""]
    for x in report.findings:
        status = f"known: {_cell(x.known)}" if x.known else "**new**"
        where = f" ([{x.link}]({x.link}))" if x.link else ""
        case = f"`{x.file}`" if x.file else f"`{x.case['id']}`"
        out.append(f"* **{x.family}**, `{x.key}`, met {x.count} time(s): {status}{where}. "
                   f"Minimal case {case}. {_cell(x.message)}")
    return "\n".join(out) + "\n"


def _cell(text: str) -> str:
    return " ".join(text.replace("|", "\\|").split())


def dumps_json(report: CampaignReport) -> str:
    """The campaign report as JSON text."""
    return json.dumps(report.to_json(), indent=2, sort_keys=True) + "\n"
