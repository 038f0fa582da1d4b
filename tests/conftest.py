"""Shared test configuration: Hypothesis settings profiles and common fixtures.

Profiles: ``ci`` (the default: fast, deterministic) and ``nightly`` (thousands of examples).
Choose one with ``HYPOTHESIS_PROFILE=nightly pytest``.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci", max_examples=60, deadline=None, derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "nightly", max_examples=5000, deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

pytest_plugins = ["pytester"]
