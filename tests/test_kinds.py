"""The tables of rule and step kinds: every part of the explanations has each row's share.

A kind added to the table without its instances in the steps program, its check in the step
checker, a shape and a way to hold that Python knows, or its facts in the local program when
it says local programs hold it, fails here; so does a kind named in Python that no row has.
"""

from __future__ import annotations

import ast
import json
import re
import string
from collections.abc import Iterator
from typing import get_args

from helpers import REPO

from heyawake_asp.steps import local, selectors, wording
from heyawake_asp.steps.kinds import RULE_KINDS, STEP_KINDS, Holds, Shape, page_table
from heyawake_asp.variants import VARIANTS
from heyawake_asp.web.content import Content, rules_table


def test_every_rule_kind_has_a_shape_a_way_to_hold_and_a_kind_of_step() -> None:
    for name, kind in RULE_KINDS.items():
        assert kind.shape in get_args(Shape) and kind.holds in get_args(Holds), name
        assert kind.step_kind in STEP_KINDS, name
        assert kind.again is None or kind.again.after in RULE_KINDS, name
    assert set(selectors._READERS) == set(wording._NAMES) == set(get_args(Shape))


def test_every_rule_kind_has_instances_a_sentence_and_a_check() -> None:
    programs = sorted((REPO / "encodings" / "steps").rglob("*.lp"))
    program = "".join(path.read_text(encoding="utf-8") for path in programs)
    local_program = (REPO / "encodings" / "steps" / "local.lp").read_text(encoding="utf-8")
    checker = (REPO / "heyawake_asp" / "oracles" / "step_checker.py").read_text(encoding="utf-8")
    for name, kind in RULE_KINDS.items():
        assert re.search(rf"use\({name}\b", program), name
        for says in (kind.says_one, kind.says_many):
            fields = {field for _, field, _, _ in string.Formatter().parse(says) if field}
            assert says and fields <= {"items", "room"}, name
        assert f'"{name}"' in checker, name
        if kind.local:  # the local program's facts for it, of a shape it states
            assert kind.shape in local._LOCAL_SHAPES, name
            assert re.search(rf"use\(I\), {kind.local}\(I\b", local_program), name


def _kinds_named(tree: ast.AST) -> Iterator[str]:
    """The strings a module compares with a ``kind`` or makes a `Rule` of."""

    def is_kind(node: ast.expr) -> bool:
        return (isinstance(node, ast.Attribute) and node.attr == "kind") or (
            isinstance(node, ast.Name) and node.id == "kind"
        )

    def strings(node: ast.expr) -> Iterator[str]:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            yield node.value
        elif isinstance(node, ast.Tuple | ast.List | ast.Set):
            for element in node.elts:
                yield from strings(element)

    for node in ast.walk(tree):
        if isinstance(node, ast.Compare) and any(map(is_kind, [node.left, *node.comparators])):
            for operand in [node.left, *node.comparators]:
                yield from strings(operand)
        elif isinstance(node, ast.Call) and node.args:
            if isinstance(node.func, ast.Name) and node.func.id in ("Rule", "room_rule"):
                yield from strings(node.args[0])


def test_every_kind_python_names_is_a_row() -> None:
    """Kinds are strings (no type lists them): each one the engine, the sentences or the
    step checker names in its code is a row of a table."""
    modules = [*(REPO / "heyawake_asp" / "steps").glob("*.py")]
    modules.append(REPO / "heyawake_asp" / "oracles" / "step_checker.py")
    named = {
        (path.name, kind)
        for path in modules
        for kind in _kinds_named(ast.parse(path.read_text(encoding="utf-8")))
    }
    assert {kind for _, kind in named} >= {"adjacent", "apart", "connected", "cases"}
    assert [
        (module, kind) for module, kind in sorted(named) if kind not in RULE_KINDS | STEP_KINDS
    ] == []
    assert list(_kinds_named(ast.parse("rule.kind == 'nonsense'"))) == ["nonsense"]


def test_the_page_reads_the_tables_words() -> None:
    served = json.loads(Content.load().assets["/rules.json"].data)
    assert served == json.loads(json.dumps(rules_table()))
    assert {key: served[key] for key in ("rules", "steps")} == page_table()
    assert served["rules"]["connected"]["one"] == "white connectivity"
    assert served["steps"]["connected"]["words"] == "keeping the white cells connected"
    static = REPO / "heyawake_asp" / "web" / "static"
    for script in static.glob("*.js"):
        text = script.read_text(encoding="utf-8")
        words = [kind.one for kind in RULE_KINDS.values()]
        words += [kind.words for kind in STEP_KINDS.values()]
        for said in words:
            assert f'"{said}"' not in text, (script.name, said)  # read from the table


def test_the_page_reads_the_variants_from_the_table() -> None:
    """/rules.json serves every variant's row, plain Heyawake first; no file of the page
    names a variant, its title or its words (Compose's choices, the caption, the URL types)."""
    served = json.loads(Content.load().assets["/rules.json"].data)["variants"]
    assert list(served) == list(VARIANTS)
    assert served["ayeheya"]["symmetric_rooms"] and not served["akichi"]["counts"]
    assert served["akichi"]["words"] == VARIANTS["akichi"].words
    static = REPO / "heyawake_asp" / "web" / "static"
    for page in [*static.glob("*.js"), static / "index.html"]:
        text = page.read_text(encoding="utf-8")
        for variant in VARIANTS.values():
            said = [f'"{variant.name}"', f">{variant.title}</option>", f"{variant.title} puzzle"]
            said += [variant.words] if variant.words else []
            assert not any(words in text for words in said), (page.name, variant.name)
