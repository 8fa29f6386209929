"""The package's parts import one another without a cycle, read from the source with ast."""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping

from helpers import REPO

PACKAGE = REPO / "heyawake_asp"


def _part(module: str) -> str | None:
    """The part of the package (a folder or top-level module) ``module`` is in; None: outside."""
    names = module.split(".")
    return names[1] if names[0] == PACKAGE.name and len(names) > 1 else None


def _imported(tree: ast.AST) -> Iterator[str]:
    """Every absolute module name a file imports, at the top or inside a function."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            yield node.module
            if node.module == PACKAGE.name:  # `from heyawake_asp import formats`
                yield from (f"{node.module}.{alias.name}" for alias in node.names)


def _parts_graph() -> dict[str, set[str]]:
    """Each part of the package and the other parts it imports (not the package's root)."""
    graph: dict[str, set[str]] = {}
    for path in PACKAGE.rglob("*.py"):
        home = path.relative_to(PACKAGE).with_suffix("").parts[0]
        if home == "__init__":
            continue
        used = {_part(name) for name in _imported(ast.parse(path.read_text()))}
        graph.setdefault(home, set()).update(part for part in used if part not in (None, home))
    return {part: {used for used in uses if used in graph} for part, uses in graph.items()}


def _cycle(graph: Mapping[str, set[str]]) -> list[str] | None:
    """A cycle of ``graph`` as the parts along it, the first repeated at the end; None: none."""
    done: set[str] = set()

    def visit(part: str, path: list[str]) -> list[str] | None:
        if part in path:
            return path[path.index(part) :] + [part]
        if part in done:
            return None
        for used in sorted(graph[part]):
            found = visit(used, [*path, part])
            if found is not None:
                return found
        done.add(part)
        return None

    return next(filter(None, (visit(part, []) for part in sorted(graph))), None)


def test_the_parts_import_one_another_without_a_cycle() -> None:
    graph = _parts_graph()
    assert {"steps", "authoring", "queries", "solver"} <= graph.keys()
    assert _cycle(graph) is None, " -> ".join(_cycle(graph) or [])


def test_the_queries_are_asked_by_steps_and_authoring_and_ask_neither() -> None:
    graph = _parts_graph()
    assert "queries" in graph["steps"] and "queries" in graph["authoring"]
    assert not graph["queries"] & {"steps", "authoring"}
    assert "authoring" not in graph["steps"]


def test_a_cycle_is_found_when_there_is_one() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set(), "c": {"a", "b"}}) is None


def test_every_json_answer_is_built_in_render_records() -> None:
    """One module builds what ``--json`` prints and the web API answers: no record elsewhere."""
    for module in (REPO / "heyawake_asp").rglob("*.py"):
        if module.name == "records.py" and module.parent.name == "render":
            continue
        text = module.read_text(encoding="utf-8")
        assert '"puzzle": SOURCE' not in text and '{"puzzle": source' not in text, module


def test_every_clingo_program_is_ground_through_asp_control() -> None:
    """One way in (`ground_program`): its options, messages and errors for every program."""
    for module in (REPO / "heyawake_asp").rglob("*.py"):
        if module.name == "control.py" and module.parent.name == "asp":
            continue
        text = module.read_text(encoding="utf-8")
        assert "clingo.Control(" not in text or module.name == "child.py", module
        assert ".ground([" not in text, module


def test_a_modules_public_names_are_used_by_another_part_or_documented() -> None:
    """The public surface is small: a name in a module's ``__all__`` is imported by another
    part of the package (another folder, or a module beside the folders) or is documented
    in docs/library.md; the rest stays private to its part."""
    documented = (REPO / "docs" / "library.md").read_text(encoding="utf-8")
    modules = {}
    used: dict[tuple[str, str], set[str]] = {}
    for path in (REPO / "heyawake_asp").rglob("*.py"):
        parts = path.relative_to(REPO).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        part = ".".join(parts[:2]) if len(parts) > 2 else name
        tree = ast.parse(path.read_text(encoding="utf-8"))
        modules[name] = (part, _public(tree))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("heyawake_asp"):
                for alias in node.names:
                    used.setdefault((node.module or "", alias.name), set()).add(part)
    private = [
        f"{name}.{public}"
        for name, (part, names) in modules.items()
        if name != "heyawake_asp"
        for public in names
        if public not in documented and not used.get((name, public), set()) - {part}
    ]
    assert private == [], "in __all__ but used only inside their part: " + ", ".join(private)


def _public(tree: ast.Module) -> list[str]:
    """A module's ``__all__``, empty when it has none."""
    for node in tree.body:
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            targets, value = [node.target], node.value
        else:
            continue
        if any(isinstance(t, ast.Name) and t.id == "__all__" for t in targets):
            if isinstance(value, ast.List):
                return [str(e.value) for e in value.elts if isinstance(e, ast.Constant)]
    return []
