"""The package's parts import one another without a cycle, read from the source with ast."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator, Mapping

import pytest
from helpers import REPO

import heyawake_asp

PACKAGE = REPO / "heyawake_asp"
LIBRARY = REPO / "docs" / "library.md"
_DOCUMENTED = re.compile(r"\bheyawake_asp\.(\w+)\b(?!:)")
"""A name the page documents, ``heyawake_asp.NAME`` (``heyawake_asp.web:app``: a server's path)."""
_PYTHON_BLOCK = re.compile(r"^```python\n(.*?)^```", re.DOTALL | re.MULTILINE)


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


def test_the_library_is_what_docs_library_md_documents() -> None:
    """Every name docs/library.md documents is ``heyawake_asp.NAME``, in ``__all__`` and
    importable; every name in ``__all__`` is documented there (no module path is)."""
    documented = set(_DOCUMENTED.findall(LIBRARY.read_text(encoding="utf-8")))
    assert sorted(documented - set(heyawake_asp.__all__)) == []
    assert sorted(set(heyawake_asp.__all__) - documented) == []
    for name in sorted(documented):
        assert getattr(heyawake_asp, name) is not None, name


def test_a_documented_name_is_told_apart_from_a_module_path() -> None:
    found = _DOCUMENTED.findall("`heyawake_asp.solve(p)`, `heyawake_asp.web:app`, heyawake_asp/x")
    assert found == ["solve"]
    assert _DOCUMENTED.findall("`heyawake_asp.formats.write_puzzle`") == ["formats"]


def test_the_docs_import_the_library_from_the_package_only() -> None:
    """The docs' Python examples import public names: ``from heyawake_asp import NAME``."""
    for page in sorted((REPO / "docs").glob("*.md")) + [REPO / "README.md"]:
        for block in _PYTHON_BLOCK.findall(page.read_text(encoding="utf-8")):
            for node in ast.walk(_parsed(block)):
                if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("heyawake"):
                    assert node.module == "heyawake_asp", (page.name, node.module)
                    names = {alias.name for alias in node.names}
                    assert names <= set(heyawake_asp.__all__), (page.name, names)


def _parsed(block: str) -> ast.Module:
    """A documented block of Python; a signature (``solve(puzzle, *, ...)``) parses as nothing."""
    try:
        return ast.parse(block)
    except SyntaxError:
        return ast.Module(body=[], type_ignores=[])


@pytest.mark.parametrize("number", [0, 1])
def test_the_library_pages_opening_examples_run(
    number: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The page's first examples (solve and check a shipped puzzle; build one) run as written."""
    monkeypatch.chdir(REPO)
    block = _PYTHON_BLOCK.findall(LIBRARY.read_text(encoding="utf-8"))[number]
    exec(compile(block, str(LIBRARY), "exec"), {})  # noqa: S102 (the project's own page)
