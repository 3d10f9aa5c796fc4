#!/usr/bin/env python3
"""Trains a learned event (src/modules/swing-engine/domain/swing/learned-events.ts, decision 0007).

    npm run learned-events:data -- top <corpus> --cache <dir> --out top.json
    python3 scripts/train-learned-events.py top.json
    npm run learned-events:data -- finish <corpus> --cache <dir> --out finish.json
    python3 scripts/train-learned-events.py finish.json
    npm run learned-events:data -- address <corpus> --cache <dir> --out address.json
    python3 scripts/train-learned-events.py address.json

(the top first: the address's and the finish's candidates are read with the learned top in
place). Reads the candidates `learned-events:data` wrote, trains a gradient-boosted tree
ensemble on the tuning clips only (a candidate is right as that command says), prints how often
the chosen candidate is right in three 5-fold cross-validation runs over the tuning clips
(chosen as the engine chooses, the rule's frame kept within its margin) against the rule's own
frame, and writes the trees to learned/<event>.json beside learned-events.ts.

    python3 scripts/train-learned-events.py address.json --draw 1

trains on the tuning clips less seven drawn by the seed given (no cross-validation): one of
the draws decision 0007 compares feature sets by, both sides trained on the same machine's
tracks; score each draw with `npm run eval:events`, then restore the shipped trees with git.
Needs scikit-learn (Debian: apt-get install python3-sklearn).
"""
import argparse
import json
import os

import numpy as np
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.model_selection import KFold

LEARNED = os.path.join(os.path.dirname(__file__), '..', 'src', 'modules', 'swing-engine', 'domain',
                       'swing', 'learned')


def new_model():
    # Chosen once, not searched: small trees, slow learning, no early stopping (which would
    # draw a random validation part and make the trees differ run to run).
    return HistGradientBoostingClassifier(max_iter=150, learning_rate=0.05, max_leaf_nodes=15,
                                          min_samples_leaf=20, l2_regularization=1.0,
                                          early_stopping=False, random_state=0)


def matrix(clip):
    return np.array([[np.nan if v is None else v for v in row] for row in clip['features']])


def fit(clips):
    model = new_model()
    model.fit(np.vstack([matrix(c) for c in clips]), np.concatenate([c['correct'] for c in clips]))
    return model


# As learned-events.ts chooses: the candidate with the most likelihood within this long of it
# (VOTE_SECONDS) or at the median of the likelihood's square (CHOSEN_BY), unless the rule's frame
# is within a margin of it (RULE_KEPT_WITHIN).
VOTE_SECONDS = 0.045
CHOSEN_BY = {'address': 'peak', 'top': 'peak', 'finish': 'middle'}
RULE_KEPT_WITHIN = {'address': 0.1, 'top': None, 'finish': None}


def chosen_is_right(model, clip, event):
    margin = RULE_KEPT_WITHIN[event]
    x = matrix(clip)
    likelihood = 1 / (1 + np.exp(-model.decision_function(x)))
    offsets = x[:, 0]  # seconds from the rule's frame
    near = [np.abs(offsets - o) <= VOTE_SECONDS + 1e-9 for o in offsets]
    if CHOSEN_BY[event] == 'peak':
        best = int(np.argmax([likelihood[n].sum() for n in near]))
    else:
        # Summed in order, as the engine sums (numpy's sum() adds pairwise).
        cumulative = np.cumsum(likelihood ** 2)
        best = int(np.searchsorted(cumulative, cumulative[-1] / 2))
    rule = int(np.argmin(np.abs(offsets)))
    kept = margin is not None and offsets[rule] == 0 and (
        likelihood[near[best]].mean() - likelihood[near[rule]].mean() < margin)
    return bool(clip['correct'][rule if kept else best])


def rule_is_right(clip):
    # The rule's frame is the candidate 0 seconds from it (the first feature).
    offsets = [abs(row[0]) for row in clip['features']]
    return bool(clip['correct'][int(np.argmin(offsets))])


def export(model, features):
    trees = []
    for (predictor,) in model._predictors:
        nodes = predictor.nodes
        leaf = nodes['is_leaf'].astype(bool)
        trees.append({
            'feature': [int(f) for f in nodes['feature_idx']],
            'threshold': [float(x) for x in nodes['num_threshold']],
            'missingLeft': [int(m) for m in nodes['missing_go_to_left']],
            'left': [-1 if l else int(x) for x, l in zip(nodes['left'], leaf)],
            'right': [-1 if l else int(x) for x, l in zip(nodes['right'], leaf)],
            'value': [float(v) for v in nodes['value']],
        })
    return {'features': features, 'baseline': float(np.ravel(model._baseline_prediction)[0]),
            'trees': trees}


# How many tuning clips a draw leaves out (--draw).
DRAW_LEAVES_OUT = 7


def cross_validate(tuning, event):
    runs = []
    for seed in range(3):
        right = 0
        for train, test in KFold(5, shuffle=True, random_state=seed).split(tuning):
            model = fit([tuning[i] for i in train])
            right += sum(chosen_is_right(model, tuning[i], event) for i in test)
        runs.append(right)
    rule = sum(rule_is_right(c) for c in tuning)
    print(f'{event}: {len(tuning)} tuning clips; right: the rule {rule}, learned (three 5-fold '
          f'runs, by the {CHOSEN_BY[event]}, the rule kept within {RULE_KEPT_WITHIN[event]}) '
          f'{np.mean(runs):.1f} {runs}')


def main():
    parser = argparse.ArgumentParser(description='Trains a learned event (decision 0007).')
    parser.add_argument('data', help="the candidates file `learned-events:data` wrote")
    parser.add_argument('--draw', type=int, metavar='SEED',
                        help=f'train on the tuning clips less {DRAW_LEAVES_OUT} drawn by SEED, '
                             'without cross-validation')
    args = parser.parse_args()
    data = json.load(open(args.data))
    tuning = [c for c in data['clips'] if c['split'] == 'tuning' and c['frames']]
    event = data['event']
    if args.draw is None:
        cross_validate(tuning, event)
    else:
        rng = np.random.default_rng(args.draw)
        left_out = set(rng.choice(len(tuning), DRAW_LEAVES_OUT, replace=False).tolist())
        names = sorted(tuning[k]['file'] for k in left_out)
        tuning = [c for k, c in enumerate(tuning) if k not in left_out]
        print(f'{event}: draw {args.draw}, {len(tuning)} tuning clips (left out: '
              f'{", ".join(names)})')
    model = fit(tuning)
    out = os.path.normpath(os.path.join(LEARNED, f'{event}.json'))
    with open(out, 'w') as f:
        json.dump(export(model, data['features']), f, separators=(',', ':'))
    print(f'wrote {out}: {len(model._predictors)} trees')


if __name__ == '__main__':
    main()
