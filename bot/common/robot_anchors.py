"""The robots' fixed ratings (issue 33): per title and level, (μ, σ), never moved by play.

Measured by robot tournaments (``bench/robot_anchors.py``): at every table size of every
game, robots of mixed levels played each other, and the games were folded from
OpenSkill's defaults (a newcomer's μ 25, σ 25/3) as the bot rates a table. A person
meets a robot at these numbers; the robot never moves (``bot.common.ratings.rate``).
Changing them means a rebuild (``python -m bot.store.rebuild_ratings``).

Produced by ``python -m bench.robot_anchors --games 40 --jobs 2 --record anchors.jsonl``
on 2026-12-07: PROVISIONAL, the first 61 of its 480 games (``--fold``), until the run ends.
"""

from __future__ import annotations

#: (title, level) -> (μ, σ); the comment is the rating a board shows for it.
ANCHORS: dict[tuple[str, str], tuple[float, float]] = {
    # adventureland: 11 games, 3/4 players
    ("adventureland", "easy"): (16.253367942152185, 6.429082028348864),  # shown 0
    ("adventureland", "normal"): (26.537591791716697, 6.544252375595376),  # shown 276
    ("adventureland", "hard"): (28.66589422250559, 6.457192948147553),  # shown 372
    # imagineers: 15 games, 2/3/4 players
    ("imagineers", "easy"): (20.99845645009211, 6.094228090529688),  # shown 109
    ("imagineers", "normal"): (23.521118781479878, 6.088957454592605),  # shown 210
    ("imagineers", "hard"): (30.559790007480995, 6.16474070047473),  # shown 483
    # disneyland: 20 games, 2/3/4/5 players
    ("disneyland", "easy"): (18.657202224490234, 5.659589136334746),  # shown 67
    ("disneyland", "normal"): (22.328853003726447, 5.492558001097091),  # shown 234
    ("disneyland", "hard"): (27.489684232893488, 5.824885079876629),  # shown 401
    # troolpark: 15 games, 2/3/4 players
    ("troolpark", "easy"): (19.46664792895976, 6.330484801832836),  # shown 19
    ("troolpark", "normal"): (26.85625956445142, 5.985138700443233),  # shown 356
    ("troolpark", "hard"): (26.823671906099666, 6.257630922006634),  # shown 322
}
