"""``make bench``: every benchmark, printed (p50/p99, rates). Nothing here is asserted.

The robot tournament (``python -m bench.tournament``) takes hours and runs on its own;
so do the coach's coached games (``python -m bench.hints``: here only its timings).
"""

from __future__ import annotations

import asyncio

from bench import (
    costly_answers,
    decision_time,
    engine_speed,
    hints,
    move_latency,
    ratings,
    render_speed,
    replay_cost,
    scale,
    turn_posts,
)
from bot.common.loop import fastest

if __name__ == "__main__":
    engine_speed.main()
    render_speed.main()
    decision_time.main(["--seeds", "1"])
    hints.main(["--seeds", "1", "--games", "0"])
    replay_cost.main()
    fastest()  # the loop the bot runs on (python -m bot)
    asyncio.run(move_latency.main())
    asyncio.run(turn_posts.main())
    asyncio.run(costly_answers.main())
    scale.main()
    ratings.main([])
