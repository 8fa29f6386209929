"""The tables of rule and step kinds: every part of the explanations has each row's share.

A kind added to the table without its instances in the steps program, its phrase in the
sentences, its check in the step checker or its words on the page fails here.
"""

from __future__ import annotations

import json
import re
from typing import get_args

from helpers import REPO

from heyawake_asp.steps.kinds import RULE_KINDS, STEP_KINDS, page_table
from heyawake_asp.steps.model import KINDS, Kind, RuleKind
from heyawake_asp.variants import VARIANTS
from heyawake_asp.web.content import Content, rules_table


def test_the_tables_name_the_kinds_the_types_allow() -> None:
    assert set(RULE_KINDS) == set(get_args(RuleKind))
    assert tuple(STEP_KINDS) == KINDS == get_args(Kind)
    assert {kind.step_kind for kind in RULE_KINDS.values()} <= set(STEP_KINDS)


def test_every_rule_kind_has_instances_a_phrase_and_a_check() -> None:
    programs = sorted((REPO / "encodings" / "steps").rglob("*.lp"))
    program = "".join(path.read_text(encoding="utf-8") for path in programs)
    wording = (REPO / "heyawake_asp" / "steps" / "wording.py").read_text(encoding="utf-8")
    checker = (REPO / "heyawake_asp" / "oracles" / "step_checker.py").read_text(encoding="utf-8")
    local = (REPO / "heyawake_asp" / "steps" / "local.py").read_text(encoding="utf-8")
    for name, kind in RULE_KINDS.items():
        assert re.search(rf"use\({name}\b", program), name
        assert f'"{name}"' in wording, name
        assert f'"{name}"' in checker, name
        if kind.local:  # the local program's facts for it
            assert f'rule.kind == "{name}"' in local, name


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
