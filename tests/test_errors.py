"""The harness's errors cross process boundaries intact: a split run's workers send their spec
errors to the parent through a pickling queue, so a :class:`SpecError` must come back equal,
with the same message (it failed to unpickle before, a ``TypeError`` in the parent)."""

from __future__ import annotations

import pickle

from hypothesis import given
from hypothesis import strategies as st

from conformance.errors import AdapterError, ProtocolError, SpecError

_text = st.text(max_size=40)


@given(code=_text, message=st.text(max_size=2000), file=st.none() | _text,
       case=st.none() | _text, path=st.none() | _text, line=st.none() | st.integers(1, 10**6),
       hint=st.none() | _text, severity=st.sampled_from(["error", "warning"]))
def test_a_spec_error_survives_pickling(code: str, message: str, file: str | None,
                                        case: str | None, path: str | None, line: int | None,
                                        hint: str | None, severity: str) -> None:
    error = SpecError(code, message, file=file, case=case, path=path, line=line, hint=hint,
                      severity=severity)
    back = pickle.loads(pickle.dumps(error))
    assert back == error
    assert str(back) == str(error)


def test_adapter_errors_survive_pickling() -> None:
    for error in (AdapterError("engine died"), ProtocolError("garbage at seq 3")):
        back = pickle.loads(pickle.dumps(error))
        assert type(back) is type(error) and str(back) == str(error)
