"""Mutation operators for ``benchmarks/mutate.py``: small, plausible bugs made in a module's AST.

A *mutant* is the module with one change: a comparison flipped (``==`` to ``!=``, ``<`` to
``<=``, ``in`` to ``not in``), ``and`` made ``or``, a ``not`` dropped, a condition negated, ``+``
made ``-`` (``|`` made ``&``), a number moved by one, ``True`` made ``False``, a string altered,
``min`` made ``max`` (``any`` made ``all``), ``break`` made ``continue``, a returned value made
``None``, an assigned value made ``None``, or a statement-level call deleted.

What is never mutated, because no engine answer can depend on it (so such mutants would be
equivalent by construction): annotations (every module has ``from __future__ import
annotations``, so they are never evaluated), docstrings, imports, ``__all__``, ``if
TYPE_CHECKING:`` blocks, module-level type aliases nothing reads at run time, ``assert``
statements, the arguments after the first of a ``raise`` (``RulesViolation("timing", ...)``'s
message), and the ``message=`` / ``detail=`` text of an outcome. The first argument of a
``raise`` is walked (it is ``RulesViolation``'s failure class, which cases expect).

*Not engine behaviour* is enumerated (so a mutant's index never depends on these rules) but
marked :attr:`Mutant.documentation`, and ``mutate.py`` neither runs nor counts it; no
conformance case can kill it by construction, and pytest tests check it instead:

* **documentation metadata**: every mutant of the card authors' tooling
  (:data:`AUTHORING_MODULES`: the vocabulary listing, the card-data validation behind
  ``mtgconf validate``, the vocabulary specs and the ability-kind and static-rule
  descriptions); a registration's vocabulary spec anywhere else (the ``params=``, ``cr=``,
  ``example=``, ``doc=`` and ``arg=`` arguments of a call, the defaults of parameters of those
  names, a module-level name read only inside such arguments, and a call of ``describe``
  imported from ``reference_engine.core.vocab_spec`` with its arguments); and the module-level
  ``__version__``. A test checks that every engine function with a parameter of one of those
  names reads it only to pass it on to ``describe``;
* **text for people** (:mod:`mutation_text`): a string constant that only forms the text of a
  raised exception (a literal part of the f-string or concatenation raised, a place or name
  passed only into such text, a local read only there), never a failure class, a key or a
  compared value;
* **debugging aids** (:data:`DEBUG_MODULES`): the ``REFERENCE_ENGINE_CHECK_UNDO`` check, off in
  every case run, and the statements of other modules that call it.

Mutants are enumerated in a fixed order, so ``(source, index)`` names one mutant; :func:`apply`
re-parses the source and makes the ``index``-th change, returning the code object to run.
"""

from __future__ import annotations

import ast
import copy
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from types import CodeType

from mutation_text import TEXT_PARAMETERS, TextFacts, text_constants, text_facts

__all__ = ["AUTHORING_MODULES", "DEBUG_MODULES", "METADATA_KEYWORDS", "Facts", "Mutant", "apply",
           "enumerate_mutants", "equivalence", "mutated_tree", "package_facts"]

#: Keyword arguments whose value is text for people, never compared by a case (not walked).
_TEXT_KEYWORDS = frozenset({"message", "detail"})
#: Keyword arguments (and parameters) carrying a registration's vocabulary spec: parameters,
#: CR numbers, example, docstring and argument type, read only by ``describe``.
METADATA_KEYWORDS = frozenset({"params", "cr", "example", "doc", "arg"})
#: Modules of the card authors' tooling, not engine behaviour (path -> what it is).
AUTHORING_MODULES: dict[str, str] = {
    "vocabulary.py": "the vocabulary listing for card authors (docs/card-vocabulary.md)",
    "validation.py": "the card-data and step validation behind `mtgconf validate`, run before "
                     "a case, never during one",
    "static_rules.py": "the descriptions of ability kinds, static rules and choices, read only "
                       "by the listing and the validation",
    "core/vocab_spec.py": "the vocabulary's parameter specs, read only by the listing and the "
                          "validation",
}
#: Debugging aids: modules no case runs with (path -> what it is); every mutant of them, and
#: a statement of another module that calls one of their functions, is marked.
DEBUG_MODULES: dict[str, str] = {
    "undo_check.py": "the REFERENCE_ENGINE_CHECK_UNDO check of every undo against a deep copy, "
                     "off unless that variable is set (tests/test_undo.py runs it)",
}
_METADATA = "documentation metadata: a registration's vocabulary spec (for the docs and " \
    "`mtgconf validate`)"
_DEBUG = "debugging aid: a call of the REFERENCE_ENGINE_CHECK_UNDO check (undo_check.py), " \
    "which does nothing unless that variable is set"
_VERSION = "documentation metadata: the version string (adapter info, which no case compares)"

_COMPARE_SWAP: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE,
    ast.GtE: ast.Gt, ast.In: ast.NotIn, ast.NotIn: ast.In, ast.Is: ast.IsNot, ast.IsNot: ast.Is,
}
_BINOP_SWAP: dict[type[ast.operator], type[ast.operator]] = {
    ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.FloorDiv, ast.FloorDiv: ast.Mult,
    ast.Div: ast.Mult, ast.Mod: ast.FloorDiv, ast.BitOr: ast.BitAnd, ast.BitAnd: ast.BitOr,
}
_CALL_SWAP = {"min": "max", "max": "min", "any": "all", "all": "any"}
#: The operators whose node :func:`mutation_text.text_constants` may mark as text: a string
#: constant, and the constants, comparisons and tests of a choice of words.
_TEXT_OPERATORS = frozenset({"constant", "comparison", "negate condition", "drop not"})
#: Generic types: ``Callable[["GameState"], bool]`` is a type expression with no behaviour.
_TYPE_NAMES = frozenset({"Callable", "Mapping", "MutableMapping", "Sequence", "Iterable",
                         "Iterator", "Union", "Optional", "Literal", "ClassVar", "Final",
                         "dict", "list", "tuple", "set", "frozenset", "type"})


@dataclass(frozen=True)
class Mutant:
    """One mutant of one module: where it is and what it changes."""

    module: str  #: path under ``reference_engine/``, e.g. ``combat/declare.py``
    index: int  #: its position in :func:`enumerate_mutants`
    line: int
    end_line: int
    function: str  #: qualified name of the enclosing function, or ``<module>``
    operator: str
    before: str  #: the changed code, before
    after: str  #: and after
    import_time: bool  #: runs when the module is imported (not inside a function body)
    #: Why it is mechanically equivalent should it survive (empty: it may not be).
    equivalent: str = ""
    #: Why it changes documentation metadata, not engine behaviour (empty: it does not);
    #: such a mutant is neither run nor counted.
    documentation: str = ""
    #: The first line of the expression it is part of (0: ``line``). Coverage is looked up from
    #: there: CPython folds a constant tuple into one instruction on the tuple's first line, so
    #: an element on a continuation line never shows up as executed.
    first_line: int = 0

    @property
    def key(self) -> str:
        """A name that survives edits elsewhere in the module (line numbers move)."""
        return f"{self.module}:{self.function}: {self.before} -> {self.after}"


Change = Callable[[], None]


class _Collector:
    """Walks a module in a fixed order and lists (node, description, change) candidates."""

    def __init__(self, tree: ast.Module, runtime_names: frozenset[str] | None,
                 text: dict[int, str] | None = None, debug_names: frozenset[str] = frozenset()
                 ) -> None:
        self.tree = tree
        self.runtime_names = runtime_names
        #: String constants that only form text for people (``id`` -> why), not mutated.
        self.text = text or {}
        #: Local names of the debugging module's functions (imported from it).
        self.debug_names = debug_names
        #: Module-level names read only inside a registration's vocabulary spec.
        self.metadata_names: frozenset[str] = frozenset()
        #: Exception classes whose message is text (:class:`mutation_text.TextFacts`), and
        #: those whose first argument is not (a failure class: a rules answer, not an error).
        self.exception_classes: frozenset[str] = frozenset()
        self.rules_answers: frozenset[str] = frozenset()
        self.found: list[tuple[ast.AST, str, str, str, Change, str, bool]] = []
        self.tags: list[tuple[str, ...]] = []
        self.scope: list[str] = []
        self.in_function = 0
        #: Where the walk is: inside a logged event's kind or details, a returned value.
        self.context: list[tuple[str, ...]] = []
        #: Documentation metadata of each candidate (empty: none), and the metadata the walk
        #: is inside (innermost last).
        self.docs: list[str] = []
        self.metadata: list[str] = []
        #: ``describe`` is the vocabulary's (imported from core/vocab_spec), not a local name.
        self.describe_is_vocab = any(
            isinstance(stmt, ast.ImportFrom) and stmt.module == "reference_engine.core.vocab_spec"
            and any(alias.name == "describe" and alias.asname is None for alias in stmt.names)
            for stmt in tree.body)

    # -- helpers ---------------------------------------------------------------------------

    def add(self, node: ast.AST, operator: str, change: Change, replacement: ast.AST | None
            = None, before: ast.AST | None = None) -> None:
        shown_before = _text(before if before is not None else node)
        self.found.append((node, operator, shown_before, "", change,
                           ".".join(self.scope) or "<module>", self.in_function == 0))
        self.tags.append(self.context[-1] if self.context else ())
        self.docs.append(self.text.get(id(node), "") if operator in _TEXT_OPERATORS else "")
        if self.metadata:
            self.docs[-1] = self.metadata[-1]
        if replacement is not None:
            self._fix_after(replacement)

    def _fix_after(self, replacement: ast.AST) -> None:
        node, op, before, _after, change, fn, imp = self.found[-1]
        self.found[-1] = (node, op, before, _text(replacement), change, fn, imp)

    # -- traversal -------------------------------------------------------------------------

    def run(self) -> None:
        self.body(self.tree.body, module=True)

    def body(self, stmts: list[ast.stmt], *, module: bool = False) -> None:
        for i, stmt in enumerate(stmts):
            if i == 0 and _is_docstring(stmt):
                continue
            self.statement(stmt, stmts, i, module=module)

    def _carries_message(self, stmt: ast.stmt) -> bool:
        """In the ``__init__`` of an exception class whose ``message`` (``detail``, ``reason``)
        parameter is text: ``super().__init__(...)`` (the text ``str(exc)`` shows) or
        ``self.message = message`` (the text the adapter puts in a rejection's message)."""
        if len(self.scope) != 2 or self.scope[1] != "__init__" \
                or self.scope[0] not in self.exception_classes:
            return False
        if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call):
            func = stmt.value.func
            return isinstance(func, ast.Attribute) and func.attr == "__init__" \
                and isinstance(func.value, ast.Call) and isinstance(func.value.func, ast.Name) \
                and func.value.func.id == "super"
        return isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 \
            and isinstance(stmt.targets[0], ast.Attribute) \
            and isinstance(stmt.targets[0].value, ast.Name) and stmt.targets[0].value.id == "self" \
            and stmt.targets[0].attr in TEXT_PARAMETERS and isinstance(stmt.value, ast.Name) \
            and stmt.value.id == stmt.targets[0].attr

    def _calls_debug(self, stmt: ast.stmt) -> bool:
        value = stmt.value if isinstance(stmt, ast.Expr | ast.Assign) else None
        return isinstance(value, ast.Call) and isinstance(value.func, ast.Name) \
            and value.func.id in self.debug_names

    def statement(self, stmt: ast.stmt, parent: list[ast.stmt], i: int, *, module: bool,
                  marked: bool = False) -> None:
        if isinstance(stmt, ast.Import | ast.ImportFrom | ast.Assert | ast.Pass | ast.Global
                      | ast.Nonlocal):
            return
        if isinstance(stmt, ast.If) and _is_type_checking(stmt.test):
            self.body(stmt.orelse)
            return
        if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef):
            for deco in stmt.decorator_list:
                self.expr(deco)
            self.arguments(stmt.args)
            self.scope.append(stmt.name)
            self.in_function += 1
            self.body(stmt.body)
            self.in_function -= 1
            self.scope.pop()
            return
        if isinstance(stmt, ast.ClassDef):
            for deco in stmt.decorator_list:
                self.expr(deco)
            for base in stmt.bases:
                self.expr(base)
            self.scope.append(stmt.name)
            self.body(stmt.body)
            self.scope.pop()
            return
        if module and isinstance(stmt, ast.Assign | ast.AnnAssign) and self._unread(stmt):
            return
        if not marked and self._carries_message(stmt):
            self.metadata.append(f"text for people: the message of {self.scope[0]}, passed on "
                                 "or stored by its __init__")
            self.statement(stmt, parent, i, module=module, marked=True)
            self.metadata.pop()
            return
        if not marked and self._calls_debug(stmt):
            self.metadata.append(_DEBUG)
            self.statement(stmt, parent, i, module=module, marked=True)
            self.metadata.pop()
            return
        if module and not marked and isinstance(stmt, ast.Assign | ast.AnnAssign) and {
                _text(t) for t in (stmt.targets if isinstance(stmt, ast.Assign)
                                   else [stmt.target])} <= self.metadata_names:
            self.metadata.append(_METADATA)
            if isinstance(stmt, ast.Assign):
                self.statement(stmt, parent, i, module=module, marked=True)
            elif stmt.value is not None:
                self.expr(stmt.value)
            self.metadata.pop()
            return
        if module and isinstance(stmt, ast.Assign) and [_text(t) for t in stmt.targets] == [
                "__version__"]:
            self.metadata.append(_VERSION)
            self.expr(stmt.value)
            self.metadata.pop()
            return
        if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call) \
                and self._is_describe(stmt.value):
            self.metadata.append(_METADATA)
            self.add(stmt, "delete call", _setter(parent, i, ast.copy_location(
                ast.Pass(), stmt)), ast.Pass())
            self.expr(stmt.value)
            self.metadata.pop()
            return
        if isinstance(stmt, ast.Raise):
            if isinstance(stmt.exc, ast.Call) and stmt.exc.args:
                self.expr(stmt.exc.args[0])
            return
        if isinstance(stmt, ast.Break | ast.Continue):
            new: ast.stmt = ast.Continue() if isinstance(stmt, ast.Break) else ast.Break()
            ast.copy_location(new, stmt)
            self.add(stmt, "break/continue", _setter(parent, i, new), new)
            return
        if isinstance(stmt, ast.Return):
            if stmt.value is not None and not _is_none(stmt.value):
                new_ret = ast.copy_location(ast.Return(value=ast.Constant(value=None)), stmt)
                self.context.append(("return", self.scope[-1] if self.scope else ""))
                self.add(stmt, "return None", _setter(parent, i, new_ret), new_ret)
                self.expr(stmt.value)
                self.context.pop()
            return
        if isinstance(stmt, ast.Expr):
            if isinstance(stmt.value, ast.Call):
                kind = _log_kind(stmt.value)
                self.context.append(("log-call", kind) if kind is not None else ())
                self.add(stmt, "delete call", _setter(parent, i, ast.copy_location(
                    ast.Pass(), stmt)), ast.Pass())
                self.context.pop()
            self.expr(stmt.value)
            return
        if isinstance(stmt, ast.Assign):
            if not _is_none(stmt.value) and self.in_function:
                self.add(stmt, "assign None", _attr_setter(stmt, "value", ast.Constant(None)),
                         _with_value(stmt, ast.Constant(None)))
            self.expr(stmt.value)
            for target in stmt.targets:
                self.expr(target, store=True)
            return
        if isinstance(stmt, ast.AnnAssign):
            if stmt.value is not None:
                self.expr(stmt.value)
            return
        if isinstance(stmt, ast.AugAssign):
            swapped = _BINOP_SWAP.get(type(stmt.op))
            if swapped is not None:
                new_aug = ast.AugAssign(target=stmt.target, op=swapped(), value=stmt.value)
                self.add(stmt, "augmented operator", _attr_setter(stmt, "op", swapped()),
                         new_aug)
            self.expr(stmt.value)
            return
        if isinstance(stmt, ast.If | ast.While):
            self.condition(stmt, "test")
            self._branch(stmt.body)
            self._branch(stmt.orelse)
            return
        if isinstance(stmt, ast.For | ast.AsyncFor):
            self.expr(stmt.iter)
            self.body(stmt.body)
            self.body(stmt.orelse)
            return
        if isinstance(stmt, ast.With | ast.AsyncWith):
            for item in stmt.items:
                self.expr(item.context_expr)
            self.body(stmt.body)
            return
        if isinstance(stmt, ast.Try):
            self.body(stmt.body)
            for handler in stmt.handlers:
                self._branch(handler.body)
            self.body(stmt.orelse)
            self.body(stmt.finalbody)
            return
        if isinstance(stmt, ast.Match):
            self.expr(stmt.subject)
            for case in stmt.cases:
                if case.guard is not None:
                    self.expr(case.guard)
                self.body(case.body)
            return
        if isinstance(stmt, ast.Delete):
            return
        for child in ast.iter_child_nodes(stmt):  # pragma: no cover - other statements
            if isinstance(child, ast.expr):
                self.expr(child)

    def _branch(self, stmts: list[ast.stmt]) -> None:
        """A block; one that ends by raising runs only for malformed input (a card or case the
        schema would refuse, a programming error), which no valid case reaches. Not one that
        raises a rules answer (``RulesViolation``: a rejection cases expect)."""
        last = stmts[-1] if stmts else None
        raising = isinstance(last, ast.Raise) and not (
            isinstance(last.exc, ast.Call) and isinstance(last.exc.func, ast.Name)
            and last.exc.func.id in self.rules_answers)
        if raising:
            self.context.append(("error-branch",))
        self.body(stmts)
        if raising:
            self.context.pop()

    def arguments(self, args: ast.arguments) -> None:
        positional = [*args.posonlyargs, *args.args][-len(args.defaults):] if args.defaults \
            else []
        pairs = [*zip(positional, args.defaults, strict=True),
                 *zip(args.kwonlyargs, args.kw_defaults, strict=True)]
        for arg, default in pairs:
            if default is None:
                continue
            self._metadata_expr(default, arg.arg in METADATA_KEYWORDS)

    def _metadata_expr(self, node: ast.expr, metadata: bool) -> None:
        if metadata:
            self.metadata.append(_METADATA)
        self.expr(node)
        if metadata:
            self.metadata.pop()

    def _is_describe(self, call: ast.Call) -> bool:
        return self.describe_is_vocab and isinstance(call.func, ast.Name) \
            and call.func.id == "describe"

    def condition(self, node: ast.AST, field: str) -> None:
        test = getattr(node, field)
        if not isinstance(test, ast.Compare | ast.BoolOp) and not (
                isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not)):
            negated = ast.UnaryOp(op=ast.Not(), operand=test)
            self.add(test, "negate condition", _attr_setter(node, field, negated), negated)
        self.expr(test)

    def expr(self, node: ast.expr, *, store: bool = False) -> None:
        if isinstance(node, ast.Lambda):
            self.in_function += 1  # the body runs when the lambda is called
            self.expr(node.body)
            self.in_function -= 1
            return
        if isinstance(node, ast.Subscript) and (
                (isinstance(node.value, ast.Name) and node.value.id in _TYPE_NAMES)
                or (isinstance(node.value, ast.Attribute) and node.value.attr in _TYPE_NAMES)):
            return  # a type expression
        if isinstance(node, ast.Compare):
            for k, op in enumerate(node.ops):
                swapped = _COMPARE_SWAP.get(type(op))
                if swapped is not None:
                    ops = list(node.ops)
                    ops[k] = swapped()
                    shown = ast.Compare(left=node.left, ops=ops, comparators=node.comparators)
                    self.add(node, "comparison", _list_item_setter(node.ops, k, swapped()),
                             shown)
        elif isinstance(node, ast.BoolOp):
            other: ast.boolop = ast.Or() if isinstance(node.op, ast.And) else ast.And()
            self.add(node, "and/or", _attr_setter(node, "op", other),
                     ast.BoolOp(op=other, values=node.values))
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            self.add(node, "drop not", _replace_in_place(node, node.operand), node.operand)
        elif isinstance(node, ast.BinOp):
            swapped_op = _BINOP_SWAP.get(type(node.op))
            if swapped_op is not None:
                self.add(node, "arithmetic", _attr_setter(node, "op", swapped_op()),
                         ast.BinOp(left=node.left, op=swapped_op(), right=node.right))
        elif isinstance(node, ast.IfExp):
            self.condition(node, "test")
            self.expr(node.body)
            self.expr(node.orelse)
            return
        elif isinstance(node, ast.Constant) and not store:
            self.constant(node)
            return
        elif isinstance(node, ast.Call):
            if isinstance(node.func, ast.Name) and node.func.id in _CALL_SWAP:
                name = _CALL_SWAP[node.func.id]
                self.add(node, "builtin swap", _attr_setter(node.func, "id", name),
                         ast.Call(func=ast.Name(id=name), args=node.args,
                                  keywords=node.keywords))
            self.expr(node.func)
            kind = _log_kind(node)
            described = self._is_describe(node)
            if described:
                self.metadata.append(_METADATA)
            for n, arg in enumerate(node.args):
                if kind is not None:
                    self.context.append(("log-kind", kind) if n == 0 else ("log-detail", kind, ""))
                self.expr(arg)
                if kind is not None:
                    self.context.pop()
            for kw in node.keywords:
                if kw.arg not in _TEXT_KEYWORDS:
                    if kind is not None:
                        self.context.append(("log-detail", kind, kw.arg or ""))
                    self._metadata_expr(kw.value, kw.arg in METADATA_KEYWORDS)
                    if kind is not None:
                        self.context.pop()
            if described:
                self.metadata.pop()
            return
        elif isinstance(node, ast.comprehension):  # pragma: no cover - not an expr
            return
        if isinstance(node, ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp):
            for gen in node.generators:
                self.expr(gen.iter)
                for k in range(len(gen.ifs)):
                    self.condition(_IfsView(gen.ifs, k), "test")
            if isinstance(node, ast.DictComp):
                self.expr(node.key)
                self.expr(node.value)
            else:
                self.expr(node.elt)
            return
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.expr):
                self.expr(child, store=store and isinstance(node, ast.Tuple | ast.List))
            elif isinstance(child, ast.keyword) and child.arg not in _TEXT_KEYWORDS:
                self.expr(child.value)

    def constant(self, node: ast.Constant) -> None:
        value = node.value
        new: object
        if isinstance(value, bool):
            new = not value
        elif isinstance(value, int):
            new = value + 1
        elif isinstance(value, str):
            new = f"XX{value}XX"
        else:
            return
        self.add(node, "constant", _attr_setter(node, "value", new), ast.Constant(value=new))

    def _unread(self, stmt: ast.Assign | ast.AnnAssign) -> bool:
        targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
        names = [t.id for t in targets if isinstance(t, ast.Name)]
        if len(names) != len(targets):
            return False
        if names == ["__all__"]:
            return True
        return self.runtime_names is not None and all(n not in self.runtime_names
                                                      for n in names)


class _IfsView:
    """Lets :meth:`_Collector.condition` set one filter of a comprehension as an attribute."""

    def __init__(self, ifs: list[ast.expr], k: int) -> None:
        self._ifs, self._k = ifs, k

    @property
    def test(self) -> ast.expr:
        return self._ifs[self._k]

    @test.setter
    def test(self, value: ast.expr) -> None:
        self._ifs[self._k] = value


def _text(node: ast.AST) -> str:
    try:
        shown = ast.unparse(node)
    except Exception:  # pragma: no cover - unparse handles every node built here
        shown = type(node).__name__
    shown = " ".join(shown.split())
    return shown if len(shown) <= 100 else shown[:97] + "..."


def _log_kind(call: ast.Call) -> str | None:
    """The event kind of a ``state.log("kind", ...)`` call, or None for any other call."""
    if isinstance(call.func, ast.Attribute) and call.func.attr == "log" and call.args \
            and isinstance(call.args[0], ast.Constant) and isinstance(call.args[0].value, str):
        return call.args[0].value
    return None


def _is_docstring(stmt: ast.stmt) -> bool:
    return isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant) and isinstance(
        stmt.value.value, str)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _is_none(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and node.value is None


def _with_value(stmt: ast.Assign, value: ast.expr) -> ast.Assign:
    return ast.Assign(targets=stmt.targets, value=value, lineno=stmt.lineno)


def _setter(parent: list[ast.stmt], i: int, new: ast.stmt) -> Change:
    def change() -> None:
        parent[i] = ast.copy_location(new, parent[i])
    return change


def _attr_setter(node: object, field: str, value: object) -> Change:
    def change() -> None:
        setattr(node, field, value)
    return change


def _list_item_setter(items: list[ast.cmpop], k: int, value: ast.cmpop) -> Change:
    def change() -> None:
        items[k] = value
    return change


def _replace_in_place(node: ast.AST, by: ast.AST) -> Change:
    """Make ``node`` become a copy of ``by`` (same class and fields), keeping its location."""

    def change() -> None:
        replacement = copy.deepcopy(by)
        node.__class__ = replacement.__class__
        for name in node._fields:
            if hasattr(node, name):
                delattr(node, name)
        for name in replacement._fields:
            setattr(node, name, getattr(replacement, name))
    return change


@dataclass(frozen=True)
class Facts:
    """What the whole package says about its own names, for the mechanical classes."""

    #: Names read at run time (outside annotations) in any module.
    runtime_names: frozenset[str] = frozenset()
    #: String constants anywhere except as a logged event's kind or detail value: a logged
    #: kind (or detail key) not among them is read by nothing.
    read_strings: frozenset[str] = frozenset()
    #: Functions every caller calls as a statement, throwing the value away.
    unused_returns: frozenset[str] = frozenset()
    #: Names some module imports from another (``from x import name``).
    imported: frozenset[str] = frozenset()
    #: Which string constants only form text for people (:mod:`mutation_text`).
    text: TextFacts = field(default_factory=TextFacts)


def package_facts(sources: Iterable[str] | Mapping[str, str]) -> Facts:
    """The :class:`Facts` of a package's sources (and of the modules that call into it), given
    as module path -> source (or only the sources: imports between them are not resolved)."""
    named = dict(sources) if isinstance(sources, Mapping) else {
        f"<{n}>": source for n, source in enumerate(sources)}
    trees = [ast.parse(source) for source in named.values()]
    names: set[str] = set()
    strings: set[str] = set()
    calls: dict[str, list[bool]] = {}  # function name -> for each use, whether it discards
    defined: set[str] = set()
    decorated: set[str] = set()
    for tree in trees:
        parents: dict[ast.AST, ast.AST] = {}
        for node in ast.walk(tree):
            for child in ast.iter_child_nodes(node):
                parents[child] = node
        logged: set[int] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _log_kind(node) is not None:
                logged.add(id(node.args[0]))
                logged.update(id(kw.value) for kw in node.keywords)
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                defined.add(node.name)
                if node.decorator_list:
                    decorated.add(node.name)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                    and id(node) not in logged and not _is_annotation(node, parents):
                strings.add(node.value)
            name = node.id if isinstance(node, ast.Name) else (
                node.attr if isinstance(node, ast.Attribute) else None)
            if name is None or _is_annotation(node, parents):
                continue
            names.add(name)
            parent = parents.get(node)
            if isinstance(parent, ast.Call) and parent.func is node:
                calls.setdefault(name, []).append(isinstance(parents.get(parent), ast.Expr))
            elif isinstance(node, ast.Name | ast.Attribute) and isinstance(
                    getattr(node, "ctx", None), ast.Load):
                calls.setdefault(name, []).append(False)  # passed around: any use possible
    unused = frozenset(n for n in defined - decorated if calls.get(n) and all(calls[n]))
    imported = frozenset(alias.name for tree in trees for node in ast.walk(tree)
                         if isinstance(node, ast.ImportFrom) for alias in node.names)
    return Facts(runtime_names=frozenset(names | strings), read_strings=frozenset(strings),
                 unused_returns=unused, imported=imported, text=text_facts(named))


def _is_annotation(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    child, parent = node, parents.get(node)
    while parent is not None:
        if isinstance(parent, ast.arg) and parent.annotation is child:
            return True
        if isinstance(parent, ast.FunctionDef | ast.AsyncFunctionDef) and parent.returns is child:
            return True
        if isinstance(parent, ast.AnnAssign) and parent.annotation is child:
            return True
        child, parent = parent, parents.get(parent)
    return False


def equivalence(tag: tuple[str, ...], facts: Facts) -> str:
    """Why a mutant with ``tag`` is mechanically equivalent (empty if it may not be); a reason
    starting ``unobservable:`` names a class that is not equivalent but that no valid case can
    see (it counts as not killed)."""
    if not tag:
        return ""
    if tag[0] in ("log-kind", "log-call") and tag[1] not in facts.read_strings:
        return f"logs an event kind nothing reads ({tag[1]!r})"
    if tag[0] == "log-detail" and (tag[1] not in facts.read_strings
                                   or (tag[2] and tag[2] not in facts.read_strings)):
        return f"a detail of a logged event nothing reads ({tag[1]!r}, {tag[2] or 'position'})"
    if tag[0] == "return" and tag[1] in facts.unused_returns:
        return f"every caller of {tag[1]}() throws its value away"
    if tag[0] == "error-branch":
        return ("unobservable: in a branch that ends by raising, reached only by malformed "
                "input that valid cases never give")
    return ""


def _collect(source: str, facts: Facts | None, module: str | None = None) -> _Collector:
    """Walk ``source``; with ``module`` (its path) also find its text for people, which only
    marks mutants (the order and the changes never depend on it)."""
    tree = ast.parse(source)
    text: dict[int, str] = {}
    if module is not None:
        known = facts.text if facts is not None else text_facts({module: source})
        text = text_constants(module, tree, known)
    debug = frozenset(
        alias.asname or alias.name for stmt in tree.body if isinstance(stmt, ast.ImportFrom)
        and stmt.module in {"reference_engine." + m.removesuffix(".py").replace("/", ".")
                            for m in DEBUG_MODULES} for alias in stmt.names)
    collector = _Collector(tree, facts.runtime_names if facts else None, text, debug)
    collector.metadata_names = _metadata_names(tree, facts.imported if facts else frozenset())
    known = facts.text if facts is not None else text_facts({module or "-": source})
    collector.exception_classes = frozenset(name for name, _pos in known.exception_text)
    collector.rules_answers = frozenset(
        name for name in collector.exception_classes
        if not {(name, 0), (name, -1)} & known.exception_text)
    collector.run()
    return collector


def _metadata_names(tree: ast.Module, imported: frozenset[str]) -> frozenset[str]:
    """Module-level names (no other module imports them) read only inside a registration's
    vocabulary spec (a ``params=``, ``cr=``, ... value): a shared piece of that spec, e.g. a
    dict of parameter descriptions spliced into several ``params=`` tables."""
    inside: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            for kw in node.keywords:
                if kw.arg in METADATA_KEYWORDS:
                    inside.update(id(n) for n in ast.walk(kw.value))
    loads: dict[str, list[ast.Name]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            loads.setdefault(node.id, []).append(node)
    assigned = [t.id for stmt in tree.body if isinstance(stmt, ast.Assign | ast.AnnAssign)
                for t in (stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target])
                if isinstance(t, ast.Name)]
    return frozenset(n for n in assigned if n not in imported and n != "__all__" and loads.get(n)
                     and all(id(x) in inside for x in loads[n]))


def enumerate_mutants(module: str, source: str, facts: Facts | None = None) -> list[Mutant]:
    """Every mutant of ``source`` (the module ``module``), in a fixed order.

    ``facts`` (:func:`package_facts`) lets module-level assignments nothing reads, i.e. type
    aliases, go unmutated, and marks the mechanically equivalent mutants.
    """
    collector = _collect(source, facts, module)
    authoring = AUTHORING_MODULES.get(module, "")
    debugging = DEBUG_MODULES.get(module, "")
    parents = {child: node for node in ast.walk(collector.tree)
               for child in ast.iter_child_nodes(node)}
    found: list[Mutant] = []
    for index, (node, operator, before, after, _change, function, import_time) in enumerate(
            collector.found):
        line = getattr(node, "lineno", 0)
        end = getattr(node, "end_lineno", line) or line
        documentation = (f"authoring tooling: {authoring}" if authoring
                         else f"debugging aid: {debugging}" if debugging
                         else collector.docs[index])
        found.append(Mutant(module=module, index=index, line=line, end_line=end,
                            function=function, operator=operator, before=before, after=after,
                            import_time=import_time,
                            equivalent=equivalence(collector.tags[index], facts or Facts()),
                            documentation=documentation,
                            first_line=_expression_start(node, parents)))
    return found


def _expression_start(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> int:
    """The first line of the outermost expression around ``node`` within its statement."""
    first = getattr(node, "lineno", 0)
    parent = parents.get(node)
    while parent is not None and not isinstance(node, ast.stmt) \
            and not isinstance(parent, ast.stmt):
        first = min(first, getattr(parent, "lineno", first) or first)
        node, parent = parent, parents.get(parent)
    if parent is not None and not isinstance(node, ast.stmt):
        first = min(first, getattr(node, "lineno", first) or first)
    return first


def mutated_tree(source: str, index: int, facts: Facts | None = None) -> ast.Module:
    """The module's AST with mutant ``index`` applied."""
    collector = _collect(source, facts)
    collector.found[index][4]()
    return ast.fix_missing_locations(collector.tree)


def apply(source: str, index: int, filename: str, facts: Facts | None = None) -> CodeType:
    """The code object of the module with mutant ``index`` applied."""
    return compile(mutated_tree(source, index, facts), filename, "exec", dont_inherit=True)
