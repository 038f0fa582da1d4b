"""How the harness talks to an engine in another process.

:mod:`.subprocess` is the ``cmd:`` adapter: the JSON-lines protocol over an engine's stdin and
stdout, with its timeouts, restarts and bounds; :mod:`.procgroup` owns the engine processes
(each in its own session, killed as a whole, optionally in its own namespaces); :mod:`.engine_env`
is the filtered environment an engine process gets; :mod:`.serve` is the other side of the
protocol, answering it with any in-process adapter. Nothing here knows a particular engine.
"""
