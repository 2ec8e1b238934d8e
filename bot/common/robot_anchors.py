"""The robots' fixed ratings: per title and level, (μ, σ), never moved by play.

Measured by robot tournaments (``bench/robot_anchors.py``): at every table size of every
game, robots of mixed levels played each other, and the games were folded from
OpenSkill's defaults (a newcomer's μ 25, σ 25/3) as the bot rates a table. A person
meets a robot at these numbers; the robot never moves (``bot.common.ratings.rate``).
Changing them means a rebuild (``python -m bot.store.rebuild_ratings``).

Produced by ``python -m bench.robot_anchors --games 40 --jobs 2 --record anchors.jsonl``
on 2026-12-07: 480 games, 40 per table size (98 minutes on this project's shared 2-core
machine, 2 h of CPU); each title's count is below.
"""

from __future__ import annotations

#: (title, level) -> (μ, σ); the comment is the rating a board shows for it.
ANCHORS: dict[tuple[str, str], tuple[float, float]] = {
    # adventureland: 80 games, 3/4 players
    ("adventureland", "easy"): (16.071339341172422, 3.1318413836445753),  # shown 267
    ("adventureland", "normal"): (20.492506681896504, 3.0818817994251413),  # shown 450
    ("adventureland", "hard"): (36.54676759302452, 3.254786857236307),  # shown 1071
    # imagineers: 120 games, 2/3/4 players
    ("imagineers", "easy"): (22.537434232184157, 2.6330450770137483),  # shown 586
    ("imagineers", "normal"): (28.5405358138973, 2.59910721161784),  # shown 830
    ("imagineers", "hard"): (30.828261099829714, 2.622500131058131),  # shown 918
    # disneyland: 160 games, 2/3/4/5 players
    ("disneyland", "easy"): (21.675138880529353, 2.2391794628677633),  # shown 598
    ("disneyland", "normal"): (24.842952984559194, 2.2884436840721127),  # shown 719
    ("disneyland", "hard"): (26.237986689192592, 2.279225621041827),  # shown 776
    # troolpark: 120 games, 2/3/4 players
    ("troolpark", "easy"): (20.524135363732405, 2.6879245346533964),  # shown 498
    ("troolpark", "normal"): (23.387399042219897, 2.5845118375965743),  # shown 625
    ("troolpark", "hard"): (32.04191543075245, 2.7424437930608305),  # shown 953
}
