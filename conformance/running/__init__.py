"""Running cases: the runner that drives an adapter step by step, worker processes and
shards, comparing observed with expected values, and the traces of a run.
"""
