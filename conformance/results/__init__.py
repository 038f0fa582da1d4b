"""Results of a run: the result records, and per-adapter baselines of known failures.
"""
