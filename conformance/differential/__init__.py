"""Differential runs: an engine played beside the reference engine on generated scenarios.

:mod:`.fuzz` draws a family's scenario, plays it on both engines and shrinks a divergence to a
minimal case; :mod:`.mutants` holds the deliberately wrong engines (the reference engine with one
rule broken) that show the suite and the fuzzer catch real mistakes. Both drive adapters and the
runner, so they live in the harness above ``running/``; ``generators/`` stays on the spec side
and never imports them.
"""
