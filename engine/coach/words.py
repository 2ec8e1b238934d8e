"""The coach's own sentences, the same for every game (the games' reasons are in each
``engine/<game>/coaching.py``). Each is a :class:`~engine.text.Text`: a message id and its
values, put into the reader's language by the bot."""

from __future__ import annotations

from engine.text import Text, tx, txn


def percent(share: float) -> Text:
    """A share (0..1) as a whole percentage, written the reader's way ("62 %" in French)."""
    return tx("{percent}%", percent=round(100 * share))


def only_move() -> Text:
    return tx("It is your only move.")


def search(playouts: int, total: int, ahead: float) -> Text:
    """What the playouts said of a move: how many began with it, and how often the seat
    finished on top in those."""
    return tx(
        "Played first in {playouts} of the coach's {total} playouts ({share}); you came "
        "out on top in {ahead} of those.",
        playouts=playouts,
        total=total,
        share=percent(playouts / total),
        ahead=percent(ahead),
    )


def choice(label: str, reason: Text) -> Text:
    """A move with what it is for, on one line."""
    return tx("{label} — {reason}", label=label, reason=reason)


def same() -> Text:
    return tx("The coach chose the same.")


def was_only_move() -> Text:
    return tx("It was your only move.")


def ranked(rank: int, best: Text) -> Text:
    """The move played was among the coach's choices, not its first."""
    return tx("The coach had it as choice {rank}; its first was {best}", rank=rank, best=best)


def other(best: Text) -> Text:
    """The move played was none of the coach's choices."""
    return tx("The coach would have played {best}", best=best)


def brief_line(group: str, moves: int, help_line: Text, example: Text) -> Text:
    """One action of the learning game's turn: what it does, and its best move now."""
    return txn(
        "{group} ({count} choice) — {help} Best now: {example}",
        "{group} ({count} choices) — {help} Best now: {example}",
        moves,
        group=group,
        help=help_line,
        example=example,
    )
