use super::{Blossom, Proof, Triangle};

/// A pseudo-random number below `n`, from a seed the test steps.
fn below(seed: &mut u64, n: u64) -> u64 {
    *seed = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    (*seed >> 33) % n
}

/// A graph of `n` vertices, each pair present with chance `density` in 4, weighing 1 to
/// `spread`.
fn graph(seed: &mut u64, n: usize, spread: u64, density: u64) -> Vec<i64> {
    let mut weight = vec![0i64; n * n];
    for i in 0..n {
        for j in (i + 1)..n {
            if below(seed, 4) < density {
                weight[i * n + j] = 1 + below(seed, spread) as i64;
            }
        }
    }
    weight
}

/// The upper triangle of the `n × n` table `weight`, as the solver reads it.
fn triangle(weight: &[i64], n: usize) -> Triangle<i64> {
    Triangle::from_fn(n, |i, j| weight[i * n + j])
}

/// Asserts that `proof` gives a best matching of `weight` (as heavy as the crate's) and that
/// its dual values prove it: no pair's slack below zero, none on a pair of the matching,
/// unpaired vertices at zero.
fn assert_proven(weight: &[i64], n: usize, proof: &Proof<i64>, graph: &str) {
    let total = |mate: &dyn Fn(usize) -> Option<usize>| -> i64 {
        (0..n)
            .filter_map(|i| mate(i).filter(|&j| j > i).map(|j| weight[i * n + j]))
            .sum()
    };
    let theirs = integer_blossom::max_weight_matching(weight, n);
    let ours = |i: usize| Some(proof.mate[i]).filter(|&j| j != i);
    assert_eq!(total(&ours), total(&|i| theirs[i]), "{graph}");
    for i in 0..n {
        assert_eq!(proof.mate[proof.mate[i]], i, "{graph}");
        if proof.mate[i] == i {
            assert_eq!(proof.value[i], 0, "{graph}: vertex {i} unpaired");
        }
        for j in (i + 1)..n {
            let w = weight[i * n + j];
            if w > 0 {
                let slack = proof.slack(i, j, w);
                assert!(slack >= 0, "{graph}: pair {i}-{j}");
                if proof.mate[i] == j {
                    assert_eq!(slack, 0, "{graph}: pair {i}-{j} in the matching");
                }
            }
        }
    }
}

/// Random graphs, sparse and dense, with few and many distinct weights: the matching
/// weighs as much as the crate's, and the dual values prove it.
#[test]
fn the_matching_is_best_and_its_dual_values_prove_it() {
    let mut seed = 7u64;
    let mut solver = Blossom::<i64>::empty();
    let mut with_blossoms = 0;
    for round in 0..400 {
        let n = 1 + below(&mut seed, 24) as usize;
        let spread = [3, 10, 1000][round % 3];
        let density = 1 + below(&mut seed, 4);
        let weight = graph(&mut seed, n, spread, density);
        let proof = solver.prove(&triangle(&weight, n));
        with_blossoms += usize::from(proof.blossoms.iter().any(|b| !b.is_empty()));
        assert_proven(&weight, n, &proof, &format!("graph {round}"));
    }
    assert!(
        with_blossoms > 20,
        "only {with_blossoms} proofs with a blossom"
    );
}

/// The same graphs changed a few vertices at a time (their pairs weighed anew, raised,
/// lowered or taken out, as the pairing's questions change them), and some pairs besides, and
/// proven again from the last proof, many of them from inside a blossom: every proof as good
/// as one found afresh.
#[test]
fn a_matching_found_again_after_changes_is_best() {
    let mut seed = 11u64;
    let mut solver = Blossom::<i64>::empty();
    let (mut inside_blossoms, mut pairs_again) = (0, 0);
    for round in 0..200 {
        let n = 2 + below(&mut seed, 30) as usize;
        let spread = [3, 10, 1000][round % 3];
        let density = 1 + below(&mut seed, 4);
        let mut weight = graph(&mut seed, n, spread, density);
        let mut proof = solver.prove(&triangle(&weight, n));
        assert_proven(&weight, n, &proof, &format!("graph {round}"));
        for step in 0..12 {
            let changes = 1 + below(&mut seed, 3) as usize;
            let mut changed = Vec::new();
            for _ in 0..changes {
                let v = below(&mut seed, n as u64) as usize;
                let how = below(&mut seed, 4);
                for u in (0..n).filter(|&u| u != v) {
                    let at = v.min(u) * n + v.max(u);
                    weight[at] = match how {
                        0 => 0,
                        1 if weight[at] > 0 => weight[at] + 1 + below(&mut seed, 3) as i64,
                        2 if weight[at] > 1 => weight[at] - 1,
                        3 if below(&mut seed, 4) < density => 1 + below(&mut seed, spread) as i64,
                        3 => 0,
                        _ => weight[at],
                    };
                }
                inside_blossoms += usize::from(step % 2 == 0 && !proof.blossoms[v].is_empty());
                changed.push(v);
            }
            if step % 2 == 0 {
                assert!(solver.solve_again(&triangle(&weight, n), &changed));
            } else {
                // As pairs, with a few more pairs weighed anew: raised, lowered, taken out or
                // put in.
                let mut pairs: Vec<(usize, usize)> = changed
                    .iter()
                    .flat_map(|&v| (0..n).filter(move |&u| u != v).map(move |u| (v, u)))
                    .collect();
                for _ in 0..below(&mut seed, 4) {
                    let (i, j) = (below(&mut seed, n as u64), below(&mut seed, n as u64));
                    let (i, j) = (i.min(j) as usize, i.max(j) as usize);
                    if i == j {
                        continue;
                    }
                    let at = i * n + j;
                    weight[at] = match below(&mut seed, 4) {
                        0 => 0,
                        1 => weight[at] + below(&mut seed, 3) as i64,
                        2 => (weight[at] - 1).max(0),
                        _ => 1 + below(&mut seed, spread) as i64,
                    };
                    pairs.push((j, i));
                }
                pairs_again += usize::from(solver.solve_again_pairs(&triangle(&weight, n), &pairs));
            }
            proof = solver.proof(n);
            assert_proven(&weight, n, &proof, &format!("graph {round}, step {step}"));
        }
    }
    assert!(
        inside_blossoms > 500,
        "only {inside_blossoms} changed vertices inside a blossom"
    );
    assert!(
        pairs_again > 300,
        "only {pairs_again} changes of pairs found from the last"
    );
}

/// A random graph of 8 to 47 vertices for `round` over a part every pair shares, as the
/// pairing's weights are (each weight times `scale`): its size and weights.
fn shared_part_graph(seed: &mut u64, round: usize, scale: i64) -> (usize, Vec<i64>) {
    let n = 8 + below(seed, 40) as usize;
    let spread = [3, 10, 1000][round % 3];
    let density = 2 + below(seed, 3);
    let weights = graph(seed, n, spread, density)
        .into_iter()
        .map(|w| {
            if w > 0 {
                scale * (w + 100 * spread as i64)
            } else {
                0
            }
        })
        .collect();
    (n, weights)
}

/// Each of the first `s1` vertices' pairs with later vertices raised by `addend(vertex)`;
/// the pairs raised.
fn raise_upper(
    weights: &mut [i64],
    n: usize,
    s1: usize,
    addend: impl Fn(usize) -> i64,
) -> Vec<(usize, usize)> {
    let mut pairs = Vec::new();
    for a in 0..s1 {
        for b in (a + 1)..n {
            if weights[a * n + b] > 0 {
                weights[a * n + b] += addend(a);
                pairs.push((a, b));
            }
        }
    }
    pairs
}

/// The matching of `weights` found again from the solver's last after `pairs` changed,
/// proven best; whether it was found from the last.
fn found_again(
    solver: &mut Blossom<i64>,
    weights: &[i64],
    n: usize,
    pairs: &[(usize, usize)],
    graph: &str,
) -> bool {
    let again = solver.solve_again_pairs(&triangle(weights, n), pairs);
    assert_proven(weights, n, &solver.proof(n), graph);
    again
}

/// As the bracket's pairing settles S1 and S2: the upper players' pairs, each raised by an
/// addend of its own, fall back to their weight, and the pairs within S1 (and some within S2)
/// are taken out. Proven again from the last proof, most without reopening anyone (each upper
/// player's value falls with its pairs): every proof as good as one found afresh.
#[test]
fn a_matching_found_again_once_s1_and_s2_are_settled_is_best() {
    let mut seed = 13u64;
    let mut solver = Blossom::<i64>::empty();
    let mut from_last = 0;
    for round in 0..300 {
        let (n, base) = shared_part_graph(&mut seed, round, 1);
        let spread = [3, 10, 1000][round % 3];
        let s1 = n / 2;
        let mut raised = base.clone();
        raise_upper(&mut raised, n, s1, |a| 10 * spread + (s1 - a) as i64);
        solver.prove(&triangle(&raised, n));
        let mut settled = base;
        let mut pairs = Vec::new();
        for a in 0..n {
            for b in (a + 1)..n {
                let within = (b < s1) || (a >= s1 && below(&mut seed, 2) == 0);
                if within {
                    settled[a * n + b] = 0;
                }
                if settled[a * n + b] != raised[a * n + b] {
                    pairs.push((b, a));
                }
            }
        }
        let graph = format!("graph {round}");
        from_last += usize::from(found_again(&mut solver, &settled, n, &pairs, &graph));
    }
    assert!(
        from_last > 150,
        "only {from_last} of 300 found from the last"
    );
}

/// As a bracket's remainder is first asked how many of S1 pair with S2: the matching found
/// with S1 breaking ties (a pair holding an S1 player weighs one more), then each S1 player's
/// pairs with later players raised by one addend. Proven again from the last proof, most by
/// raising S1's values (only the pairs within S1 break): every proof as good as one found
/// afresh.
#[test]
fn a_matching_found_again_once_s1_pairs_are_raised_is_best() {
    let mut seed = 17u64;
    let mut solver = Blossom::<i64>::empty();
    let mut from_last = 0;
    for round in 0..300 {
        let (n, mut weights) = shared_part_graph(&mut seed, round, 4);
        let s1 = n / 2;
        raise_upper(&mut weights, n, s1, |_| 1);
        solver.prove(&triangle(&weights, n));
        let pairs = raise_upper(&mut weights, n, s1, |_| 2);
        let graph = format!("graph {round}");
        from_last += usize::from(found_again(&mut solver, &weights, n, &pairs, &graph));
    }
    // 256 of 300 here; none without the raise.
    assert!(
        from_last > 150,
        "only {from_last} of 300 found from the last"
    );
}
