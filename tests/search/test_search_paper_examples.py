"""The worked examples of Frank & Basin (2001) and Cazenave & Ventos (αμ), rebuilt from the text.

Figures did not survive extraction; each tree below is rebuilt from the prose
around it, and the assertions are the claims the prose makes about it.
"""

from __future__ import annotations

from pytest import approx

from engine.search.alphamu import AlphaMuOptions, alphamu
from engine.search.exact import exact
from engine.search.iterative_biasing import iprm_beta, ivm, ivm_beta
from engine.search.pareto import Horizon, front_min, insert
from engine.search.pimc import pimc
from engine.search.prm import prm, prm_beta
from engine.search.strategy import strategy_value, strategy_vector
from engine.search.tree_game import TreeGame
from engine.search.trees import parse_tree
from engine.search.vector_mm import Bias, VectorOptions, vector_mm, vector_search, vm_ab, vm_beta

ALL_COMPILED_PAIRS = (vector_mm, vm_ab, vm_beta, prm, prm_beta, ivm, ivm_beta, iprm_beta)


def leaf(*payoffs):
    return {"leaf": list(payoffs)}


def game(root, n_worlds: int) -> TreeGame:
    return TreeGame(parse_tree({"worlds": [1] * n_worlds, "root": root}))


def by_path(g: TreeGame, strategy: dict) -> dict[str, int]:
    return {g.label(s): m for s, m in strategy.items()}


def both(algorithm, g: TreeGame):
    """Run the compiled and the pure version; they must agree."""
    fast, slow = algorithm(g), algorithm(g, compiled=False)
    assert fast.strategy == slow.strategy and abs(fast.estimate - slow.estimate) < 1e-12
    return fast


# --- F&B Fig. 3: single-suit problem A Q 2 opposite nothing, King with West (w1) or East (w2) ---
# South leads the 2; West plays the King (only possible in w1), a low card, or shows out
# (only possible in w2, where East has every card); North then plays the Ace or the Queen.
FIG3 = {"max": [{"min": [
    {"max": [leaf(2, None), leaf(1, None)]},  # West K: Ace wins, Queen is then good (2 tricks)
    {"max": [leaf(1, 1), leaf(2, 1)]},  # West low: Ace (1 trick) or finesse the Queen
    {"max": [leaf(None, 1), leaf(None, 1)]},  # West shows out: East's King takes one of A/Q
]}]}


def test_fig3_bridge_tree_with_bottom_payoffs():
    g = game(FIG3, 2)
    best = exact(g)
    assert best.estimate == approx(1.5)  # 2 tricks when West has the King, 1 when East has it
    assert by_path(g, best.strategy) == {"": 0, "0.0": 0, "0.1": 1, "0.2": 0}
    assert strategy_vector(g, best.strategy) == (2, 1)
    # Minimax ignoring the world constraints would give 1: MIN "plays" the shown-out branch.
    assert exact(g, compiled=False).estimate == approx(1.5)


# --- F&B Fig. 9: depth 2, four worlds: PIMC picks the left branch (right only vs an ignorant MIN) ---
FIG9 = {"max": [
    {"min": [leaf(1, 0, 0, 0), leaf(1, 0, 0, 0)]},
    {"min": [leaf(0, 1, 0, 1), leaf(1, 0, 1, 0)]},
]}


def test_fig9_pimc_against_best_defence():
    g = game(FIG9, 4)
    r = pimc(g)
    assert r.strategy == {0: 0}
    assert r.estimate == approx(0.25) and strategy_value(g, r.strategy) == approx(0.25) == approx(exact(g).estimate)


# --- F&B Fig. 10: MAX strategy fusion; Fig. 11: non-locality (5 worlds) ---
def fig10_tree(c, d):
    e = {"min": [{"max": [leaf(1, 1, 1, 1, 0)]}, {"max": [leaf(1, 1, 1, 1, 0)]}]}
    return {"max": [{"min": [{"max": [leaf(*c[0]), leaf(*c[1])]},
                             {"max": [leaf(*d[0]), leaf(*d[1])]}]}, e]}


FIG10 = fig10_tree(((1, 1, 1, 0, 0), (0, 0, 0, 1, 1)), ((1, 1, 1, 0, 0), (0, 0, 0, 1, 1)))
FIG11_C = ((1, 1, 1, 0, 0), (0, 0, 0, 1, 1))
FIG11_D = ((0, 0, 1, 1, 1), (1, 1, 0, 0, 0))
FIG11 = fig10_tree(FIG11_C, FIG11_D)


def test_fig10_strategy_fusion_misleads_pimc_not_vector_mm():
    g = game(FIG10, 5)
    mc = pimc(g)
    assert mc.strategy[0] == 0 and mc.estimate == approx(1.0)  # "we can always win a game based on node b"
    assert strategy_value(g, mc.strategy) == approx(0.6)  # ... but only w1, w2, w3 are really won
    vm = both(vector_mm, g)
    assert vm.strategy[0] == 1 and vm.estimate == approx(0.8) == approx(exact(g).estimate)


def test_fig11_non_locality_at_node_b():
    node_b = fig10_tree(FIG11_C, FIG11_D)["max"][0]
    g = game(node_b, 5)
    assert [g.minimax_values[0][w] for w in range(5)] == [1] * 5  # so prm cannot reduce anything
    mc = pimc(g)
    assert by_path(g, mc.strategy) == {"0": 0, "1": 0}
    assert strategy_vector(g, mc.strategy) == (0, 0, 1, 0, 0)  # only w3
    for alg in (vector_mm, prm):
        assert strategy_vector(g, both(alg, g).strategy) == (0, 0, 1, 0, 0)
    # The text's better alternatives: left at c + right at d (w1, w2), or right + left (w4, w5).
    assert strategy_vector(g, {1: 0, 4: 1}) == (1, 1, 0, 0, 0)
    assert strategy_vector(g, {1: 1, 4: 0}) == (0, 0, 0, 1, 1)
    assert exact(g).estimate == approx(0.4)
    # vm-beta solves it (§7.3: "Fig. 11 demonstrates that vm-beta can find optimal solutions").
    assert strategy_value(g, both(vm_beta, g).strategy) == approx(0.4)


def test_fig11_full_tree_vector_mm_picks_the_right_branch_at_the_root():
    g = game(FIG11, 5)
    assert pimc(g).strategy[0] == 0  # PIMC prefers b (every world looks winnable)
    assert both(vector_mm, g).strategy[0] == 1  # Fig. 17: vector-mm correctly chooses e
    assert exact(g).estimate == approx(0.8)


# --- F&B Fig. 24: Fig. 11 with two payoffs under c changed; iterative biasing ---
FIG24_C = ((1, 1, 1, 1, 0), (0, 0, 1, 1, 1))


def test_fig24_iterative_biasing_guesses():
    g = game(fig10_tree(FIG24_C, FIG11_D)["max"][0], 5)
    expected = {1: (1, 1, 0, 0, 0), 2: (1, 1, 0, 0, 0), 3: (0, 0, 1, 1, 0), 4: (0, 0, 1, 1, 0),
                5: (0, 0, 1, 1, 1)}
    for k, vec in expected.items():
        for compiled in (True, False):
            _, s = vector_search(g, VectorOptions(bias=Bias(1, k - 1)), compiled)
            assert strategy_vector(g, s) == vec, k
    for alg in (vector_mm, prm, vm_beta):
        assert strategy_vector(g, both(alg, g).strategy) == (0, 0, 1, 1, 0)
    assert strategy_vector(g, pimc(g).strategy) == (0, 0, 1, 1, 0)
    r = both(ivm, g)
    assert strategy_vector(g, r.strategy) == (0, 0, 1, 1, 1) and r.estimate == approx(0.6) == approx(exact(g).estimate)


# --- F&B Fig. 18 / 20 / 22: payoff reduction, vm-ab pruning, beta-reduction (3 worlds) ---
def fig18(d_w1: int = 1, swap_b: bool = False, swap_e: bool = False):
    d = {"max": [leaf(d_w1, 0, 0)]}
    e_kids = [leaf(1, 0, 0), leaf(0, 1, 1)]
    e = {"max": e_kids[::-1] if swap_e else e_kids}
    b = {"min": [e, d] if swap_b else [d, e]}
    return {"max": [b, {"min": [leaf(0, 0, 0)]}]}


def e_choice(g: TreeGame, strategy: dict, swap_b=False, swap_e=False) -> int:
    path = "0.0" if swap_b else "0.1"
    pick = by_path(g, strategy)[path]
    return 1 - pick if swap_e else pick  # 0 = the (1,0,0) leaf, 1 = the (0,1,1) leaf


def test_fig18_vector_mm_fails_prm_and_vm_ab_succeed():
    g = game(fig18(), 3)
    assert exact(g).estimate == approx(1 / 3)
    vm = both(vector_mm, g)
    assert e_choice(g, vm.strategy) == 1 and vm.estimate == approx(0.0) and strategy_value(g, vm.strategy) == approx(0)
    mc = pimc(g)
    assert mc.strategy[0] == 0 and e_choice(g, mc.strategy) == 1 and strategy_value(g, mc.strategy) == approx(0)
    for alg in (prm, vm_ab, vm_beta, prm_beta):
        r = both(alg, g)
        assert e_choice(g, r.strategy) == 0 and strategy_value(g, r.strategy) == approx(1 / 3), alg.__name__


def test_fig22_variants_beta_reduction_and_ordering():
    # d's payoff in w1 raised to 2: vm-ab (and vector-mm) fail, vm-beta still succeeds.
    g = game(fig18(d_w1=2), 3)
    assert e_choice(g, both(vm_ab, g).strategy) == 1
    assert e_choice(g, both(vector_mm, g).strategy) == 1
    assert e_choice(g, both(vm_beta, g).strategy) == 0
    # b's branches swapped: the choice at e comes first, vm-beta can no longer see it.
    g = game(fig18(d_w1=2, swap_b=True), 3)
    assert e_choice(g, both(vm_beta, g).strategy, swap_b=True) == 1
    # ... while prm finds the optimum whatever the order.
    for swap_b in (False, True):
        for swap_e in (False, True):
            g = game(fig18(swap_b=swap_b, swap_e=swap_e), 3)
            assert e_choice(g, both(prm, g).strategy, swap_b, swap_e) == 0
    # e's branches swapped: vm-beta still right, vm-ab wrong.
    g = game(fig18(swap_e=True), 3)
    assert e_choice(g, both(vm_beta, g).strategy, swap_e=True) == 0
    assert e_choice(g, both(vm_ab, g).strategy, swap_e=True) == 1


# --- F&B Fig. 15 / 26: the CLIQUE reduction; graph with clique {v1, v2, v3} ---
EDGES = {(1, 2), (1, 3), (2, 3), (3, 4), (4, 5)}


def clique_tree(reverse: bool = False):
    n = 5

    def adjacent(i, j):
        return (min(i, j), max(i, j)) in EDGES

    kids = []
    for i in range(1, n + 1):
        left = [1 if i == j or adjacent(i, j) else 0 for j in range(1, n + 1)]
        right = [0 if i == j else 1 for j in range(1, n + 1)]
        kids.append({"max": [leaf(*left), leaf(*right)]})
    return {"min": kids[::-1] if reverse else kids}


def selected(g: TreeGame, strategy: dict, reverse: bool = False) -> set[int]:
    out = set()
    for path, move in by_path(g, strategy).items():
        i = int(path) + 1
        if move == 0:
            out.add(6 - i if reverse else i)
    return out


def test_fig26_clique_selections():
    g = game(clique_tree(), 5)
    assert exact(g).estimate == approx(0.6) and selected(g, exact(g).strategy) == {1, 2, 3}
    # Ties at v3 go to the left branch here (the paper: 50%).
    assert selected(g, both(vector_mm, g).strategy) == {3}
    assert selected(g, both(prm, g).strategy) == {3}
    assert selected(g, both(vm_beta, g).strategy) == {3, 4}
    assert selected(g, both(prm_beta, g).strategy) == {3, 4}
    assert selected(g, both(ivm, g).strategy) in ({1, 3}, {2, 3}, {3, 4}, {1}, {2}, {4}, {5}, {4, 5})
    assert strategy_value(g, both(ivm, g).strategy) == approx(0.4)  # a 2-clique
    for alg in (ivm_beta, iprm_beta):
        r = both(alg, g)
        assert selected(g, r.strategy) == {1, 2, 3} and r.estimate == approx(0.6)
    # "If the tree is analysed right to left, v1, v2 and v3 are selected" by vm-beta.
    gr = game(clique_tree(reverse=True), 5)
    assert selected(gr, both(vm_beta, gr).strategy, reverse=True) == {1, 2, 3}


def test_fig26_biased_vector_mm_selects_the_guessed_vertex():
    g = game(clique_tree(), 5)
    for k in range(5):
        _, s = vector_search(g, VectorOptions(bias=Bias(1, k)))
        assert k + 1 in selected(g, s)


# --- Cazenave & Ventos §3.2 and Fig. 2: fronts and the MIN product ---
def test_pareto_insertion_rules():
    front: list = []
    h = Horizon(0, ())
    assert insert(front, ((1, 0, 1), h))
    assert not insert(front, ((0, 0, 1), h))  # dominated: front unchanged
    assert [v for v, _ in front] == [(1, 0, 1)]
    assert insert(front, ((1, 1, 1), h))  # dominates (1,0,1), which is removed
    assert [v for v, _ in front] == [(1, 1, 1)]
    assert insert(front, ((0, 1, 0), h)) is False
    front2 = [((1, 1, 0), h)]
    assert insert(front2, ((0, 1, 1), h)) and len(front2) == 2  # incomparable: both kept


def test_fig2_min_node_product():
    left = {"max": [leaf(1, 1, 0), leaf(0, 1, 1)]}
    right = {"max": [leaf(1, 0, 1), leaf(0, 1, 1), leaf(0, 0, 1)]}  # (0,0,1) is dominated
    g = game({"min": [left, right]}, 3)
    h = Horizon(0, ())
    lf = [((1, 1, 0), h), ((0, 1, 1), h)]
    rf: list = []
    for v in ((1, 0, 1), (0, 1, 1), (0, 0, 1)):
        insert(rf, (v, h))
    assert [v for v, _ in rf] == [(1, 0, 1), (0, 1, 1)]
    product = front_min(lf, rf)  # 4 combinations, two of them dominated
    assert sorted(v for v, _ in product) == [(0, 1, 1), (1, 0, 0)]
    r = alphamu(g)
    assert r.root_vector in ((0, 1, 1),) and r.estimate == approx(2 / 3) == approx(exact(g).estimate)


def test_alphamu_on_the_non_locality_tree_sees_b_is_better():
    # Cazenave's Fig. 1 (from Frank, Basin & Matsubara) is F&B's Fig. 18 pattern.
    g = game(fig18(), 3)
    r = alphamu(g, AlphaMuOptions(max_moves=2))
    assert r.strategy[0] == 0 and r.estimate == approx(1 / 3) and strategy_value(g, r.strategy) == approx(1 / 3)
    assert alphamu(g, AlphaMuOptions(max_moves=1)).strategy == pimc(g).strategy


def test_cazenave_fig3_early_cut():
    # Root MAX; the first move's MIN node gives [1 1 0]; the second MIN node's double-dummy
    # front is [1 1 0] as well, dominated by the root's front: it is cut without search.
    # (A third move keeps the root undecided after the first one.)
    first = {"min": [leaf(1, 1, 0)]}
    second = {"min": [{"max": [leaf(1, 0, 0), leaf(0, 1, 0)]}, {"max": [leaf(1, 1, 0)]}]}
    third = {"min": [leaf(0, 0, 1)]}
    g = game({"max": [first, second, third]}, 3)
    cut = alphamu(g, AlphaMuOptions(max_moves=None, iterative_deepening=False, star_cut=False))
    full = alphamu(g, AlphaMuOptions(max_moves=None, iterative_deepening=False, star_cut=False,
                                     early_cut=False))
    assert cut.stats["early_cuts"] == 1 and full.stats["early_cuts"] == 0
    assert cut.stats["nodes"] < full.stats["nodes"]
    assert cut.estimate == full.estimate == approx(2 / 3) and cut.strategy == full.strategy == {0: 0}
