"""Any line written as a branching plan (:mod:`.plan`) that a player can read and that plays exactly
the same.

The line's tree is read trick by trick.  At each lead:

* if the obvious continuation from here takes the same tricks as the line in every
  layout still possible, the plan stops (``[]``): the rest plays itself (the first
  trick is always told, so that the words say how to start);
* otherwise the step names the lead and third hand's card: the card third hand
  plays when second hand plays low, with the rule "beat a higher card cheaply"
  (or the obvious rule) where that reproduces the line, and ``second`` overrides
  where it does not;
* what follows depends on what the trick showed: the outcomes that lead to the
  same plan are grouped, the likeliest group simply continues the list, and every
  other group gets the shortest condition (``W:K``, ``E:-``, ``lost``, ``W:x lost``,
  alternatives with ``|``) that picks out its outcomes.  With a trick target, an
  outcome after which the result is settled (made, or out of reach in every layout
  left) may go with any group whose plan can still be carried out there.

Because the walker's values compose (a subtree is replaced only by one with the
same tricks in every layout, or, for a trick target, one that makes it in the same
layouts), the plan is worth exactly what the line is in every layout; tests check
this on every generated holding.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from .continuation import canonical_move, double_dummy, lowest_move, third_hand_move
from .evaluate import Line, LineError, LineWalker, PolicyLine, Policy, simple_continuation
from .line_tree import LineNode, build_tree
from .plan import Atom, Plan, PlanLine, Step, _holds, card_token
from .position import NORTH, SHOW_OUT, Position, SuitTable, move_rank, move_seat

__all__ = ["compile_plan"]


def _hand(pos: Position, seat: int) -> int:
    return pos[0] if seat == NORTH else pos[1]


def _low_group(table: SuitTable, pos: Position) -> int:
    live = [g for g, size in enumerate(table.sizes) if pos[2][g] + pos[3][g] < size]
    return live[-1] if live else -2


def _lead_token(table: SuitTable, pos: Position, move: int) -> str:
    seat, rank = move_seat(move), move_rank(move)
    hand = _hand(pos, seat)
    tops = [table.tops[g] for g, size in enumerate(table.sizes) if pos[2][g] + pos[3][g] < size]
    lowest = (hand & -hand).bit_length() + 1
    if rank == lowest and (not tops or rank < min(table.groups[g].bottom for g, size in enumerate(table.sizes)
                                                     if pos[2][g] + pos[3][g] < size)):
        return "x"
    barriers = table.barriers(pos)
    run = sum(1 for b in barriers if b > rank)
    top = max(r for r in range(2, 15) if hand >> (r - 2) & 1 and sum(1 for b in barriers if b > r) == run)
    return card_token(top)


def _predict(table: SuitTable, pos: Position, seat: int, token: str | None) -> int | None:
    """Third hand's move under ``token`` (as :class:`~engine.suits.plan.PlanLine` plays it)."""
    if token is None:
        return third_hand_move(table, pos)
    if token == "x":
        return lowest_move(table, pos, seat)
    rank = "23456789TJQKA".index(token) + 2
    if not _hand(pos, seat) >> (rank - 2) & 1:
        return None
    return third_hand_move(table, pos, rank)


def _card_atom(table: SuitTable, seat: int, move: int, low: int) -> Atom:
    if move == SHOW_OUT:
        return Atom("card", seat, "-")
    if move == low:
        return Atom("card", seat, "x")
    return Atom("card", seat, card_token(table.groups[move].top))


class _Compiler:
    def __init__(self, table: SuitTable, walker: LineWalker, target: int | None) -> None:
        self.table = table
        self.walker = walker
        self.target = target
        self.obvious = LineWalker(table, PolicyLine(simple_continuation(table)))
        self.memo: dict[int, Plan] = {}
        self.plan_walkers: dict[Plan, LineWalker] = {}

    def mass(self, worlds: int) -> float:
        w = self.table.weights
        return sum(w[i] for i in range(len(w)) if worlds >> i & 1)

    def same(self, mine: list, other: list) -> bool:
        """The two per-layout results count as the same: equal tricks, or with a target, the same
        layouts making it."""
        if self.target is None:
            return mine == other
        k = self.target
        return all((a is None) == (b is None) and (a is None or (a >= k) == (b >= k)) for a, b in zip(mine, other))

    def plan(self, node: LineNode, first: bool = False) -> Plan:
        """The plan from a lead (``first``: the opening lead, always told even when obvious)."""
        if node.kind == "end":
            return ()
        hit = self.memo.get(id(node))
        if hit is not None and not first:
            return hit
        mine = self.walker.walk(node.position, node.won, node.cursor)
        if not first and self.same(mine, self.obvious.walk(node.position, node.won, None)):
            result: Plan = ()
        else:
            result = self._step(node)
        if not first:
            self.memo[id(node)] = result
        return result

    def _third(self, lead_node: LineNode, replies: list) -> tuple[str | None, tuple, dict]:
        """Third hand's token, its overrides, and the replies where the token's card is played instead
        of the line's (it takes the same tricks, the obvious continuation following it)."""
        table = self.table
        decisions = [(m2, n3) for m2, n3 in replies if n3.kind == "declarer"]
        if not decisions:
            return None, (), {}
        seat = move_seat(decisions[0][1].branches[0][0])
        pos3 = decisions[0][1].position
        hand = _hand(pos3, seat)
        low = _low_group(table, lead_node.position)
        first = min(decisions, key=lambda d: (d[0] != SHOW_OUT and d[0] != low, d[0] != low))[1]
        preferred = self._exact_token(first.position, seat, first.branches[0][0])  # third hand over a low card
        candidates: list[str | None] = [None, "x"] + [card_token(r) for r in range(14, 1, -1) if hand >> (r - 2) & 1]
        same: dict = {}

        def fits(token: str | None, n3: LineNode) -> int | None:
            """0: the token plays the line's card; a move: it plays another as good; None: neither."""
            move = n3.branches[0][0]
            alt = _predict(table, n3.position, seat, token)
            if alt == move:
                return 0
            if alt is None:
                return None
            key = (id(n3), alt)
            if key not in same:
                child, _ = table.play(n3.position, alt)
                same[key] = self.same(self.walker.walk(n3.position, n3.won, n3.cursor),
                                      self.obvious.walk(child, n3.won, None))
            return alt if same[key] else None

        def coverage(token: str | None) -> tuple[float, float]:
            """Chance of the replies the token handles (with the line's card or one as good), and of
            those it handles with the line's own card."""
            results = [(fits(token, n3), self.mass(n3.worlds)) for _m2, n3 in decisions]
            return (round(sum(p for r, p in results if r is not None), 12),
                    round(sum(p for r, p in results if r == 0), 12))

        best = max(candidates, key=lambda c: (coverage(c), c == preferred, c is None))
        overrides, alternates = [], {}
        second_seat = table.to_move(lead_node.branches[0][1].position)
        for m2, n3 in decisions:
            fit = fits(best, n3)
            if fit is None:
                token = self._exact_token(n3.position, seat, n3.branches[0][0])
                overrides.append((((_card_atom(table, second_seat, m2, low),),), token))
            elif fit:
                alternates[m2] = fit
        return best, tuple(overrides), alternates

    def _exact_token(self, pos: Position, seat: int, move: int) -> str:
        """The card token naming ``move`` exactly: ``x`` for a truly low card, else its rank."""
        table = self.table
        rank = move_rank(move)
        hand = _hand(pos, seat)
        live = [g for g, size in enumerate(table.sizes) if pos[2][g] + pos[3][g] < size]
        lowest = (hand & -hand).bit_length() + 1
        if rank == lowest and all(rank < table.groups[g].bottom for g in live):
            return "x"
        return card_token(rank)

    def _step(self, node: LineNode) -> Plan:
        table = self.table
        pos = node.position
        lead, second = node.branches[0]
        lead_seat = move_seat(lead)
        token = _lead_token(table, pos, lead)
        rank = (_hand(pos, lead_seat) & -_hand(pos, lead_seat)).bit_length() + 1 if token == "x" \
            else "23456789TJQKA".index(token) + 2
        assert canonical_move(table, pos, lead_seat, rank) == lead, (token, lead)
        replies = list(second.branches)
        third, overrides, alternates = self._third(node, replies)
        low = _low_group(table, pos)
        seat2, seat4 = (lead_seat + 1) % 4, (lead_seat + 3) % 4
        outcomes: list[_Outcome] = []
        for m2, n3 in replies:
            if m2 in alternates:  # the token's card, then the obvious continuation
                after, _ = table.play(n3.position, alternates[m2])
                for m4, _ws in table.defender_moves(after, table.valid(after)):
                    nxt_pos, w = table.play(after, m4)
                    outcomes.append(_Outcome((node.won, low, (seat2, m2), (seat4, m4)), bool(w), (),
                                             self.mass(table.valid(nxt_pos)), nxt_pos, node.won + w))
                continue
            n4 = n3.branches[0][1] if n3.kind == "declarer" else n3
            for m4, nxt in n4.branches:
                obs = (node.won, low, (seat2, m2), (seat4, m4))
                outcomes.append(_Outcome(obs, nxt.won > node.won, self.plan(nxt), self.mass(nxt.worlds),
                                         nxt.position, nxt.won))
        step = Step(lead_seat, token, third, overrides, ())
        care = [i for i, o in enumerate(outcomes) if not self.settled(o.position, o.won)]
        if not care:
            return (step,)
        groups: dict[Plan, list[int]] = {}
        for i in care:
            groups.setdefault(outcomes[i].plan, []).append(i)
        # the likeliest continuation goes on as the main line; the others become branches
        order = sorted(groups, key=lambda sub: -sum(outcomes[i].mass for i in groups[sub]))
        default = order[0]
        free = set(range(len(outcomes))) - set(care)  # settled: any plan that can be carried out will do
        stuck = {i for i in free if not self.executes(default, outcomes[i])}
        if stuck:  # settled outcomes the main line cannot go on from: the rest plays itself there
            if () not in groups:
                groups[()] = []
                order.append(())
            groups[()] += sorted(stuck)
        remaining = set(range(len(outcomes)))
        branches = []
        pending = list(order[1:])
        while pending:
            found = []
            for sub in pending:
                must = set(groups[sub]) & remaining
                optional = {i for i in free & remaining if self.executes(sub, outcomes[i])}
                found.append((self._condition(outcomes, must, optional, remaining), sub))
            cond, sub = min(found, key=lambda cs: sum(len(alt) for alt in cs[0]))
            branches.append((cond, sub))
            remaining -= self.matched(outcomes, cond, remaining)
            pending.remove(sub)
        return (Step(lead_seat, token, third, overrides, tuple(branches)),) + default

    def settled(self, pos: Position, won: int) -> bool:
        """With a target: made already, or out of reach in every layout still possible (so whatever is
        played next, the result is the same)."""
        k = self.target
        if k is None:
            return False
        if won >= k:
            return True
        dd = double_dummy(self.table)
        valid = self.table.valid(pos)
        return all(won + dd.future(pos, w) < k for w in range(self.table.n_worlds) if valid >> w & 1)

    def executes(self, plan: Plan, outcome: "_Outcome") -> bool:
        """``plan`` can be carried out from the outcome's position (no step asks for a card that is gone)."""
        if not plan:
            return True
        walker = self.plan_walkers.get(plan)
        if walker is None:
            walker = self.plan_walkers[plan] = LineWalker(self.table, PlanLine(plan))
        try:
            walker.walk(outcome.position, outcome.won, walker.start())
        except LineError:
            return False
        return True

    def matched(self, outcomes: list, cond: tuple, remaining: set[int]) -> set[int]:
        return {i for i in remaining if _holds(cond, outcomes[i].obs, outcomes[i].won_trick, self.table)}

    def _condition(self, outcomes: list, must: set[int], optional: set[int], remaining: set[int]) -> tuple:
        """The simplest condition true of every outcome in ``must`` and, among the ``remaining`` ones,
        of no others but some of ``optional``."""
        table = self.table
        allowed = must | optional
        atoms: list[Atom] = [Atom("won"), Atom("lost")]
        for i in sorted(remaining):
            obs = outcomes[i].obs
            for seat, move in obs[2:]:
                atom = _card_atom(table, seat, move, obs[1])
                if atom not in atoms:
                    atoms.append(atom)

        def match(alt: tuple[Atom, ...]) -> set[int]:
            return self.matched(outcomes, (alt,), remaining)

        singles = [((a,), match((a,))) for a in atoms]
        pairs = [((a, b), match((a, b))) for a, b in combinations(atoms, 2)
                 if not (a.kind == "card" and b.kind == "card" and a.seat == b.seat)]
        for alt, m in singles + pairs:
            if must <= m <= allowed:
                return (alt,)
        terms = [(alt, m) for alt, m in singles + pairs if m & must and m <= allowed]
        cover: list[tuple[Atom, ...]] = []
        left = set(must)
        while left:
            pick = max(terms, key=lambda t: (len(t[1] & left), -len(t[0])), default=None)
            if pick is None or not pick[1] & left:
                break
            cover.append(pick[0])
            left -= pick[1]
        if not left:
            return tuple(cover)
        return tuple(tuple(_card_atom(table, s, m, outcomes[i].obs[1]) for s, m in outcomes[i].obs[2:])
                     for i in sorted(must))  # pragma: no cover - two cards always tell outcomes apart


@dataclass(frozen=True)
class _Outcome:
    """What a trick can show (the defenders' cards), and where play then stands."""

    obs: tuple
    won_trick: bool
    plan: Plan  # the plan that follows in the line
    mass: float
    position: Position
    won: int


def compile_plan(table: SuitTable, line: Line | Policy, target: int | None = None,
                 walker: LineWalker | None = None) -> Plan:
    """The line as a branching plan that takes the same tricks in every layout (with a ``target``: that
    makes the target in exactly the same layouts, so its chance is the line's; the plan may then
    differ from the line where the target is already made or lost)."""
    walker = walker if walker is not None else LineWalker(table, line)
    return _Compiler(table, walker, target).plan(build_tree(table, line, walker), first=True)
