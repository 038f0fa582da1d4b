"""Which string constants of the engine only form text for people (for ``mutation_ops``).

The policy (docs/mutation-testing.md): the text of a raised exception and of a message is never
engine behaviour, since no case compares it (cases compare a rejection's failure class, never its
words). A string constant is *text* when all it can ever become is part of such a text:

* a **text part** of a *text root*: the root itself when it is a string, a literal piece of an
  f-string, an operand of ``+``, a branch of ``a if c else b``, the separator of
  ``"sep".join(...)``, recursively through ``{...}`` fields and ``str()``/``repr()``; never a
  format spec, a subscript key, a compared value or a call's argument (a mutated key or format
  spec could raise another error, a compared value is behaviour);
* a text root is: an argument of ``raise E(...)`` in a text position (every argument of an
  exception class that keeps Python's ``Exception(*args)`` signature, the ``message``,
  ``detail`` and ``reason`` parameters of one with its own ``__init__``: ``RulesViolation``'s
  first argument, the failure class cases expect, is *not* text); the arguments of
  ``super().__init__(...)`` in such a class's ``__init__``; the value assigned to a local
  variable that is read only in text parts; and, for a function parameter read only in text
  parts (a place or a name that only locates an error: ``where``, ``what``), its default and
  the argument given for it at every direct call of the function.

A *choice of words* is text too: a field ``{a if test else b}`` of an f-string in text position
that has a non-empty literal piece (``f"{n} creature{'s' if n != 1 else ''}"``), whose test is
made only of names, constants and comparisons between them (or ``not`` of one). The test's value
only picks one of two text parts, the f-string stays a non-empty string whichever is picked
(a reason stays true), and no mutant of such a test can raise where the original did not (a
constant keeps its type, a comparison is swapped for its counterpart on the same operands, and
there is no call, attribute, subscript, arithmetic or short-circuit to change what is
evaluated): the test, its comparisons and constants, and both branches' strings (an empty one
included) are text.

"Read only in text parts" is the greatest fixpoint over the package: a parameter passed on only
to another such parameter (``check_filter(sub, f"{where}.any[{i}]")``) is text too. A string
that is compared, used as a key, returned, stored, logged or passed anywhere else is behaviour
and stays mutated. Wrapping a text part in ``XX...XX`` cannot raise nor change a truth value, so
such a mutant can only change words.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass

__all__ = ["BUILTIN_EXCEPTIONS", "TEXT_PARAMETERS", "TextFacts", "text_constants", "text_facts"]

#: Built-in exceptions: every argument only forms the message (nothing reads ``exc.args``;
#: ``tests/test_benchmarks_tools.py`` checks that the engine reads a caught exception only to
#: put it into another exception's text).
BUILTIN_EXCEPTIONS = frozenset({
    "Exception", "ValueError", "TypeError", "KeyError", "LookupError", "IndexError",
    "RuntimeError", "AssertionError", "NotImplementedError", "AttributeError",
    "ArithmeticError", "ZeroDivisionError", "OverflowError"})
#: Parameters of an exception class's own ``__init__`` that carry text for people.
TEXT_PARAMETERS = frozenset({"message", "detail", "reason"})
_ALL = -1  # every position


@dataclass(frozen=True)
class TextFacts:
    """What the package says about text: exception classes and text-only parameters."""

    #: (class name, position) of each argument that is text; position -1: every argument.
    exception_text: frozenset[tuple[str, int]] = frozenset((n, _ALL) for n in BUILTIN_EXCEPTIONS)
    #: (module, function, position, parameter) of each parameter read only in text parts, for
    #: module-level functions without decorators (their direct calls are resolved); position
    #: -1 for a keyword-only parameter.
    text_params: frozenset[tuple[str, str, int, str]] = frozenset()
    #: (module, function) of each function whose value is a *reason*: None or a text, only
    #: ever tested for truth or None, put into an error's text, or returned as a reason.
    reason_functions: frozenset[tuple[str, str]] = frozenset()
    #: The package's module paths (to resolve ``from reference_engine.x import f``).
    modules: frozenset[str] = frozenset()


# -- text parts ----------------------------------------------------------------------------------


def _parts(node: ast.expr) -> Iterator[ast.expr]:
    """The nodes in text position within the text root ``node`` (itself included)."""
    yield node
    if isinstance(node, ast.JoinedStr):
        for value in node.values:
            if isinstance(value, ast.FormattedValue):
                yield from _parts(value.value)
            else:
                yield value
    elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        yield from _parts(node.left)
        yield from _parts(node.right)
    elif isinstance(node, ast.IfExp):
        yield from _parts(node.body)
        yield from _parts(node.orelse)
    elif isinstance(node, ast.Call) and not node.keywords:
        func = node.func
        if isinstance(func, ast.Attribute) and func.attr == "join" \
                and isinstance(func.value, ast.Constant) and isinstance(func.value.value, str):
            yield func.value
        elif isinstance(func, ast.Name) and func.id in ("str", "repr") and len(node.args) == 1:
            yield from _parts(node.args[0])


def _plain_test(node: ast.expr) -> bool:
    """A test made only of names, constants and comparisons between them, or ``not`` of one."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        return _plain_test(node.operand)
    if isinstance(node, ast.Compare):
        return all(isinstance(n, ast.Name | ast.Constant)
                   for n in [node.left, *node.comparators])
    return isinstance(node, ast.Name | ast.Constant)


def _choices_of_words(node: ast.expr) -> Iterator[ast.AST]:
    """Within the text root ``node``: the nodes of each choice of words (see the module's
    docstring): the plain test of a conditional field of a non-empty f-string, with what is
    in it, and the text parts of both branches."""
    for part in _parts(node):
        if not isinstance(part, ast.JoinedStr) or not any(
                isinstance(v, ast.Constant) and v.value for v in part.values):
            continue
        for value in part.values:
            if not isinstance(value, ast.FormattedValue):
                continue
            for inner in _parts(value.value):
                if isinstance(inner, ast.IfExp) and _plain_test(inner.test):
                    yield from ast.walk(inner.test)
                    yield from _parts(inner.body)
                    yield from _parts(inner.orelse)


# -- the package's exception classes -------------------------------------------------------------


def _exception_text(trees: Iterable[ast.Module]) -> frozenset[tuple[str, int]]:
    classes: dict[str, ast.ClassDef] = {}
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                classes.setdefault(node.name, node)
    #: class -> its __init__ parameters (None: Python's Exception(*args))
    signature: dict[str, list[str] | None] = {n: None for n in BUILTIN_EXCEPTIONS}
    changed = True
    while changed:
        changed = False
        for name, cls in classes.items():
            if name in signature:
                continue
            bases = [b.id if isinstance(b, ast.Name) else b.attr if isinstance(
                b, ast.Attribute) else "" for b in cls.bases]
            if not any(b in signature for b in bases):
                continue
            init = next((s for s in cls.body if isinstance(s, ast.FunctionDef)
                         and s.name == "__init__"), None)
            if init is not None:
                signature[name] = [a.arg for a in [*init.args.posonlyargs, *init.args.args][1:]]
            else:  # inherited: the first base that is an exception
                signature[name] = next(signature[b] for b in bases if b in signature)
            changed = True
    out: set[tuple[str, int]] = set()
    for name, params in signature.items():
        if params is None:
            out.add((name, _ALL))
        else:
            out.update((name, k) for k, p in enumerate(params) if p in TEXT_PARAMETERS)
    return frozenset(out)


def _raised_class(node: ast.Raise) -> tuple[str, ast.Call] | None:
    exc = node.exc
    if isinstance(exc, ast.Call):
        func = exc.func
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(
            func, ast.Attribute) else ""
        return name, exc
    return None


# -- one module ----------------------------------------------------------------------------------


def _module_of(name: str) -> str:
    """``reference_engine.layers.filters`` -> ``layers/filters.py`` (packages: __init__.py)."""
    parts = name.split(".")[1:]
    return "/".join(parts) + ".py" if parts else "__init__.py"


class _Module:
    """One module's functions, calls and variables, for the fixpoint."""

    def __init__(self, path: str, tree: ast.Module, known: set[str]) -> None:
        self.path, self.tree = path, tree
        #: local name -> (module, function) it refers to, for direct calls
        self.bound: dict[str, tuple[str, str]] = {}
        self.functions: list[tuple[ast.FunctionDef | ast.AsyncFunctionDef, str]] = []
        for stmt in tree.body:
            if isinstance(stmt, ast.ImportFrom) and stmt.module and stmt.level == 0 \
                    and stmt.module.split(".")[0] == "reference_engine":
                target = _module_of(stmt.module)
                if target not in known and target.endswith(".py"):
                    target = target[:-3] + "/__init__.py"
                for alias in stmt.names:
                    self.bound[alias.asname or alias.name] = (target, alias.name)
            elif isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef):
                self.bound[stmt.name] = (path, stmt.name)
            elif isinstance(stmt, ast.Assign | ast.AnnAssign):
                for t in stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]:
                    if isinstance(t, ast.Name):
                        self.bound[t.id] = (path, t.id)
        top = {id(s) for s in tree.body}
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                direct = id(node) in top and not node.decorator_list
                self.functions.append((node, node.name if direct else ""))
        self.parent: dict[int, ast.AST] = {id(c): n for n in ast.walk(tree)
                                           for c in ast.iter_child_nodes(n)}
        #: node id -> the innermost function around it
        self.enclosing: dict[int, ast.FunctionDef | ast.AsyncFunctionDef] = {}
        for fn, _direct in self.functions:  # ast.walk meets outer functions first
            for node in ast.walk(fn):
                if node is not fn:
                    self.enclosing[id(node)] = fn


def _params(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> list[tuple[int, ast.arg]]:
    positional = [*fn.args.posonlyargs, *fn.args.args]
    return [*enumerate(positional), *((_ALL, a) for a in fn.args.kwonlyargs)]


def _defaults(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, ast.expr]:
    positional = [*fn.args.posonlyargs, *fn.args.args]
    out = dict(zip([a.arg for a in positional[len(positional) - len(fn.args.defaults):]],
                   fn.args.defaults, strict=True))
    out.update({a.arg: d for a, d in zip(fn.args.kwonlyargs, fn.args.kw_defaults, strict=True)
                if d is not None})
    return out


@dataclass
class _Root:
    node: ast.expr
    why: str


def _roots(module: _Module, exception_text: frozenset[tuple[str, int]],
           text_params: set[tuple[str, str, int, str]], text_locals: set[tuple[int, str]]
           ) -> list[_Root]:
    """Every text root of ``module`` under the current assumptions."""
    roots: list[_Root] = []
    by_function: dict[tuple[str, str], list[tuple[int, str]]] = {}
    for mod, fn, pos, param in text_params:
        by_function.setdefault((mod, fn), []).append((pos, param))
    exception_classes = {name for name, _pos in exception_text}
    for node in ast.walk(module.tree):
        if isinstance(node, ast.Raise):
            raised = _raised_class(node)
            if raised is not None:
                name, call = raised
                for k, arg in enumerate(call.args):
                    if (name, _ALL) in exception_text or (name, k) in exception_text:
                        roots.append(_Root(arg, f"the text of a raised {name}"))
        elif isinstance(node, ast.ClassDef) and node.name in exception_classes:
            for init in node.body:
                if isinstance(init, ast.FunctionDef) and init.name == "__init__":
                    for call in ast.walk(init):
                        if isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) \
                                and call.func.attr == "__init__" \
                                and isinstance(call.func.value, ast.Call) \
                                and isinstance(call.func.value.func, ast.Name) \
                                and call.func.value.func.id == "super":
                            roots += [_Root(a, f"the message of {node.name}")
                                      for a in call.args]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            target = module.bound.get(node.func.id)
            wanted = by_function.get(target) if target else None
            if wanted:
                starred = any(isinstance(a, ast.Starred) for a in node.args)
                for pos, param in wanted:
                    why = f"argument `{param}` of {node.func.id}(), read only to form a message"
                    if pos != _ALL and pos < len(node.args) and not starred:
                        roots.append(_Root(node.args[pos], why))
                    roots += [_Root(kw.value, why) for kw in node.keywords if kw.arg == param]
    for fn, _direct in module.functions:
        for pos, arg in _params(fn):
            default = _defaults(fn).get(arg.arg)
            if default is not None and _is_text_param(module.path, fn, pos, arg.arg,
                                                      text_params, text_locals):
                roots.append(_Root(default, f"the default of `{arg.arg}` of {fn.name}(), read "
                                            "only to form a message"))
        for stmt in ast.walk(fn):
            if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 \
                    and isinstance(stmt.targets[0], ast.Name) \
                    and (id(fn), stmt.targets[0].id) in text_locals:
                roots.append(_Root(stmt.value, f"`{stmt.targets[0].id}`, read only to form a "
                                               "message"))
    return roots


def _is_text_param(path: str, fn: ast.FunctionDef | ast.AsyncFunctionDef, pos: int, name: str,
                   text_params: set[tuple[str, str, int, str]],
                   text_locals: set[tuple[int, str]]) -> bool:
    return (id(fn), name) in text_locals or (path, fn.name, pos, name) in text_params


def _loads_and_stores(fn: ast.FunctionDef | ast.AsyncFunctionDef
                      ) -> tuple[dict[str, list[ast.Name]], dict[str, list[ast.AST]]]:
    loads: dict[str, list[ast.Name]] = {}
    stores: dict[str, list[ast.AST]] = {}
    for node in ast.walk(fn):
        if isinstance(node, ast.Name):
            if isinstance(node.ctx, ast.Load):
                loads.setdefault(node.id, []).append(node)
            else:
                stores.setdefault(node.id, []).append(node)
        elif isinstance(node, ast.Global | ast.Nonlocal):
            for n in node.names:
                stores.setdefault(n, []).append(node)
        elif isinstance(node, ast.arg) and node not in [*fn.args.posonlyargs, *fn.args.args,
                                                        *fn.args.kwonlyargs]:
            stores.setdefault(node.arg, []).append(node)  # a nested function's parameter
        elif isinstance(node, ast.ExceptHandler) and node.name:
            stores.setdefault(node.name, []).append(node)
        elif isinstance(node, ast.alias):
            stores.setdefault(node.asname or node.name.split(".")[0], []).append(node)
    return loads, stores


def _fixpoint(modules: list[_Module], exception_text: frozenset[tuple[str, int]],
              fixed_params: frozenset[tuple[str, str, int, str]] | None = None
              ) -> tuple[set[tuple[str, str, int, str]], set[tuple[int, str]]]:
    """The greatest sets of text-only parameters and locals: start from every candidate and drop
    each one read anywhere but in a text part, until none is dropped. With ``fixed_params`` the
    package's parameters are known and only the locals are solved (one module's walk)."""
    candidates_params: set[tuple[str, str, int, str]] = set()
    candidates_locals: set[tuple[int, str]] = set()
    info: dict[int, tuple[dict[str, list[ast.Name]], dict[str, list[ast.AST]]]] = {}
    for module in modules:
        for fn, direct in module.functions:
            loads, stores = _loads_and_stores(fn)
            info[id(fn)] = (loads, stores)
            params = {a.arg for _pos, a in _params(fn)}
            simple = {id(s.targets[0]) for s in ast.walk(fn) if isinstance(s, ast.Assign)
                      and len(s.targets) == 1}
            for pos, arg in _params(fn):
                if arg.arg in ("self", "cls") or not loads.get(arg.arg) or not all(
                        id(b) in simple for b in stores.get(arg.arg, [])):
                    continue
                if direct and fixed_params is None:
                    candidates_params.add((module.path, fn.name, pos, arg.arg))
                # as a local: its default and what is assigned to it
                candidates_locals.add((id(fn), arg.arg))
            for name, bound in stores.items():
                if name in params or not loads.get(name):
                    continue
                if all(id(b) in simple for b in bound):
                    candidates_locals.add((id(fn), name))
    params_now = set(fixed_params) if fixed_params is not None else candidates_params
    locals_now = candidates_locals
    while True:
        in_text: set[int] = set()
        for module in modules:
            for root in _roots(module, exception_text, params_now, locals_now):
                in_text.update(id(n) for n in _parts(root.node))
        keep_locals = {(f, name) for f, name in locals_now
                       if all(id(n) in in_text for n in info[f][0].get(name, []))}
        keep_params = params_now
        if fixed_params is None:
            functions = {(m.path, fn.name): fn for m in modules for fn, d in m.functions if d}
            keep_params = {p for p in params_now
                           if all(id(n) in in_text
                                  for n in info[id(functions[p[:2]])][0].get(p[3], []))}
        if keep_locals == locals_now and keep_params == params_now:
            return params_now, locals_now
        locals_now, params_now = keep_locals, keep_params



# -- the entry points ------------------------------------------------------------------------------


def text_facts(sources: Mapping[str, str]) -> TextFacts:
    """The :class:`TextFacts` of a package (module path under the package -> source)."""
    trees = {path: ast.parse(source) for path, source in sources.items()}
    exception_text = _exception_text(trees.values())
    known = set(trees)
    modules = [_Module(path, tree, known) for path, tree in trees.items()]
    params, text_locals = _fixpoint(modules, exception_text)
    in_text = {id(n) for m in modules for r in _roots(m, exception_text, params, text_locals)
               for n in _parts(r.node)}
    return TextFacts(exception_text=exception_text, text_params=frozenset(params),
                     reason_functions=frozenset(_reason_functions(modules, in_text)),
                     modules=frozenset(known))


def _choice_nodes(node: ast.expr) -> Iterator[ast.AST]:
    """The nodes of ``node``'s choices of words that a mutant changes: a constant, a
    comparison, or the test itself (negated)."""
    for inner in _choices_of_words(node):
        if isinstance(inner, ast.Constant | ast.Compare | ast.Name | ast.UnaryOp):
            yield inner


def text_constants(path: str, tree: ast.Module, facts: TextFacts) -> dict[int, str]:
    """``id`` of each string constant of ``tree`` (the module ``path``) that only forms text,
    and of each node of a choice of words (a constant, a comparison or a test), -> why, in the
    words of :mod:`mutation_ops`' documentation reasons."""
    module = _Module(path, tree, set(facts.modules) | {path})
    params, text_locals = _fixpoint([module], facts.exception_text, facts.text_params)
    out: dict[int, str] = {}
    for root in _roots(module, facts.exception_text, params, text_locals):
        for node in _parts(root.node):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                out.setdefault(id(node), f"text for people: {root.why}")
        for choice in _choice_nodes(root.node):
            out.setdefault(id(choice), f"text for people: a choice of words in {root.why}")
    for fn, _direct in module.functions:
        if (path, fn.name) not in facts.reason_functions or module.enclosing.get(id(fn)):
            continue
        for ret in ast.walk(fn):
            if isinstance(ret, ast.Return) and ret.value is not None \
                    and module.enclosing.get(id(ret)) is fn:
                # only non-empty literals: the reason stays a non-empty string (true) or None
                for node in _parts(ret.value):
                    if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                            and node.value:
                        out.setdefault(id(node), f"text for people: the reason {fn.name}() "
                                                 "returns, only tested and shown in an error")
                for choice in _choice_nodes(ret.value):
                    out.setdefault(id(choice), "text for people: a choice of words in the "
                                               f"reason {fn.name}() returns, only tested and "
                                               "shown in an error")
    return out


# -- reasons: values that are None or a text, only tested and shown ----------------------------


def _registering(modules: list[_Module]) -> dict[tuple[str, str], tuple[str, str]]:
    """Decorators ``def d(fn): R.append(fn); return fn`` -> the registry R they fill."""
    out: dict[tuple[str, str], tuple[str, str]] = {}
    for m in modules:
        for fn, direct in m.functions:
            body = [s for s in fn.body if not (isinstance(s, ast.Expr) and isinstance(
                s.value, ast.Constant))]
            args = [a.arg for a in fn.args.args]
            if not direct or len(args) != 1 or len(body) != 2:
                continue
            add, ret = body
            if isinstance(add, ast.Expr) and isinstance(add.value, ast.Call) \
                    and isinstance(add.value.func, ast.Attribute) \
                    and add.value.func.attr == "append" \
                    and isinstance(add.value.func.value, ast.Name) \
                    and len(add.value.args) == 1 and isinstance(add.value.args[0], ast.Name) \
                    and add.value.args[0].id == args[0] \
                    and isinstance(ret, ast.Return) and isinstance(ret.value, ast.Name) \
                    and ret.value.id == args[0]:
                registry = m.bound.get(add.value.func.value.id)
                if registry is not None:
                    out[(m.path, fn.name)] = registry
    return out


def _reason_functions(modules: list[_Module], in_text: set[int]) -> set[tuple[str, str]]:
    """The greatest set of reason functions (see :attr:`TextFacts.reason_functions`)."""
    decorators = _registering(modules)
    # where each function's value goes: direct calls, or the calls of a registry's loop
    calls: dict[tuple[str, str], list[tuple[_Module, ast.Call]]] = {}
    disqualified: set[tuple[str, str]] = set()
    registered: dict[tuple[str, str], set[tuple[str, str]]] = {}  # registry -> its functions
    loops: dict[tuple[str, str], list[tuple[_Module, ast.Call]]] = {}
    for m in modules:
        for fn, direct in m.functions:
            key = (m.path, fn.name)
            if not direct and id(fn) in {id(s) for s in m.tree.body}:
                decos = [m.bound.get(d.id) if isinstance(d, ast.Name) else None
                         for d in fn.decorator_list]
                if len(decos) == 1 and decos[0] in decorators:
                    registered.setdefault(decorators[decos[0]], set()).add(key)
                    continue
            if not direct:
                disqualified.add(key)
        for node in ast.walk(m.tree):
            if not isinstance(node, ast.Name) or not isinstance(node.ctx, ast.Load):
                continue
            target = m.bound.get(node.id)
            if target is None:
                continue
            parent = m.parent.get(id(node))
            if isinstance(parent, ast.Call) and parent.func is node:
                calls.setdefault(target, []).append((m, parent))
            elif isinstance(parent, ast.For) and parent.iter is node \
                    and isinstance(parent.target, ast.Name):
                var = parent.target.id
                uses = [n for s in parent.body for n in ast.walk(s)
                        if isinstance(n, ast.Name) and n.id == var]
                if all(isinstance(m.parent.get(id(u)), ast.Call)
                       and m.parent[id(u)].func is u  # type: ignore[attr-defined]
                       and isinstance(u.ctx, ast.Load) for u in uses):
                    loops.setdefault(target, []).extend(
                        (m, m.parent[id(u)]) for u in uses)  # type: ignore[misc]
                else:
                    disqualified.add(target)
            elif isinstance(parent, ast.Attribute) and parent.attr == "append" \
                    and (m.path, m.enclosing[id(node)].name if id(node) in m.enclosing
                         else "") in decorators:
                pass  # the registering decorator itself
            else:
                disqualified.add(target)  # passed around: any use possible
    for registry, functions in registered.items():
        for key in functions:
            if registry in disqualified:
                disqualified.add(key)
            else:
                calls.setdefault(key, []).extend(loops.get(registry, []))
    returns: dict[tuple[str, str], ast.FunctionDef | ast.AsyncFunctionDef] = {}
    for m in modules:
        for fn, _direct in m.functions:
            key = (m.path, fn.name)
            if key in disqualified or key in returns or id(fn) in m.enclosing:
                continue
            if any(isinstance(r, ast.Return) and r.value is not None
                   and not (isinstance(r.value, ast.Constant) and r.value.value is None)
                   for r in ast.walk(fn)):
                returns[key] = fn
    reasons = {k for k in returns if calls.get(k) and k not in disqualified}
    while True:
        keep = {k for k in reasons
                if all(_reason_use(m, c, reasons, in_text, 0) for m, c in calls[k])}
        if keep == reasons:
            return reasons
        reasons = keep


def _reason_use(m: _Module, node: ast.AST, reasons: set[tuple[str, str]], in_text: set[int],
                depth: int) -> bool:
    """Whether the value of ``node`` is only tested for truth or None, shown, or returned by a
    reason function."""
    parent = m.parent.get(id(node))
    if depth > 8 or parent is None:
        return False
    if isinstance(parent, ast.If | ast.While | ast.IfExp | ast.Assert) and parent.test is node:
        return True
    if isinstance(parent, ast.UnaryOp) and isinstance(parent.op, ast.Not):
        return True
    if isinstance(parent, ast.Compare) and len(parent.ops) == 1 \
            and isinstance(parent.ops[0], ast.Is | ast.IsNot) \
            and any(isinstance(c, ast.Constant) and c.value is None
                    for c in [parent.left, *parent.comparators]):
        return True
    if isinstance(parent, ast.BoolOp):
        return _reason_use(m, parent, reasons, in_text, depth + 1)
    if id(node) in in_text:
        return True
    fn = m.enclosing.get(id(node))
    if isinstance(parent, ast.Return):
        return fn is not None and (m.path, fn.name) in reasons and id(fn) not in m.enclosing
    if isinstance(parent, ast.Assign) and len(parent.targets) == 1 \
            and isinstance(parent.targets[0], ast.Name) and fn is not None:
        name = parent.targets[0].id
        stores = [n for n in ast.walk(fn) if isinstance(n, ast.Name) and n.id == name
                  and not isinstance(n.ctx, ast.Load)]
        if any(m.parent.get(id(t)) is not parent and not (
                isinstance(m.parent.get(id(t)), ast.Assign)) for t in stores):
            return False
        loads = [n for n in ast.walk(fn) if isinstance(n, ast.Name) and n.id == name
                 and isinstance(n.ctx, ast.Load)]
        return bool(loads) and all(_reason_use(m, n, reasons, in_text, depth + 1)
                                   for n in loads)
    return False
