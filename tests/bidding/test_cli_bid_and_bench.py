"""``tenace-cli bid`` (the JSON contract of the issue) and ``tenace-cli bench bidding``."""

from __future__ import annotations

import json

import pytest

from engine.bridge.auction import Auction, Call
from engine.bridge.contract import Vulnerability
from engine.cli.main import main
from engine.core.deal import random_deals
from engine.core.seats import Seat

FIELDS = ["board", "dealer", "vulnerable", "calls", "meanings", "contract", "declarer"]


def _pbn(tmp_path, count=4, seed=11, tags=True):
    lines = []
    for i, deal in enumerate(random_deals(seed, count)):
        n = i + 1
        lines.append(f'[Board "{n}"]')
        if tags:
            lines.append(f'[Dealer "{Seat((n - 1) % 4).letter}"]')
            lines.append(f'[Vulnerable "{Vulnerability.for_board(n).pbn}"]')
        lines.append(f'[Deal "{deal.to_pbn()}"]')
        lines.append("")
    path = tmp_path / "boards.pbn"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


def test_bid_prints_one_object_per_board_with_exactly_the_issue_fields(tmp_path, capsys):
    assert main(["bid", "--file", str(_pbn(tmp_path)), "--json"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["board"] for r in rows] == [1, 2, 3, 4]
    for row in rows:
        assert list(row) == FIELDS
        assert row["dealer"] in "NESW" and row["vulnerable"] in ("None", "NS", "EW", "All")
        assert len(row["calls"]) == len(row["meanings"]) and all(row["meanings"])
        assert all(c in ("P", "X", "XX") or (c[0] in "1234567" and c[1:] in ("C", "D", "H", "S", "NT"))
                   for c in row["calls"])
        auction = Auction.from_calls(Seat.parse(row["dealer"]), [Call.parse(c) for c in row["calls"]])
        outcome = auction.outcome()
        if row["contract"] == "pass":
            assert row["declarer"] is None and not isinstance(outcome, tuple)
        else:
            assert row["contract"] == str(outcome[0]) and row["declarer"] == outcome[1].letter


def test_bid_takes_dealer_and_vulnerability_from_the_board_number(tmp_path, capsys):
    assert main(["bid", "--file", str(_pbn(tmp_path, count=2, tags=False)), "--json"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(r["dealer"], r["vulnerable"]) for r in rows] == [("N", "None"), ("E", "NS")]


def test_bid_refuses_a_board_without_a_full_deal(tmp_path, capsys):
    path = tmp_path / "bad.pbn"
    path.write_text('[Board "7"]\n[Deal "N:AKQ.- - -"]\n', encoding="utf-8")
    assert main(["bid", "--file", str(path), "--json"]) == 2
    assert "board" in capsys.readouterr().err


def test_bid_with_a_card_file(tmp_path, capsys):
    card = tmp_path / "pass.txt"
    card.write_text("? | P | | | nothing\n.. ? | P | | | nothing\n", encoding="utf-8")
    assert main(["bid", "--file", str(_pbn(tmp_path, count=1)), "--system", str(card), "--json"]) == 0
    row = json.loads(capsys.readouterr().out)
    assert row["calls"] == ["P", "P", "P", "P"] and row["contract"] == "pass"


def test_bench_bidding_reports_the_system_beside_the_baselines(capsys):
    pytest.importorskip("endplay")
    assert main(["bench", "bidding", "--deals", "4", "--seed", "1", "--solver", "dds", "--json"]) == 0
    out = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert out["deals"] == 4 and out["solver"] == "dds"
    for figures in [out, *out["baselines"].values()]:
        assert figures["mean_abs_imps"] >= 0
        assert set(figures["games"]) == {"bid_made", "bid_failed", "missed"}
        assert set(figures["partscores"]) >= {"boards", "at_par", "share_at_par"}
    assert set(out["baselines"]) == {"pass_out", "3nt_stronger_side", "dd_choice_stronger_side"}
    assert out["baselines"]["pass_out"]["games"]["bid_made"] == 0
