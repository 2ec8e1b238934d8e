"""Seat tokens: a colour, a shape and a label each, unique at the table, said in words."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from renders import theme


def _view(*names: str) -> dict[str, Any]:
    seats = [f"s{i}" for i in range(len(names))]
    return {"seats": seats, "names": dict(zip(seats, names, strict=True))}


def test_labels_are_unique_even_when_names_share_a_first_letter() -> None:
    labels = theme.seat_labels(_view("Alex", "Alice", "Chen", "Dmitri", "Dana"))
    assert labels == {"s0": "Ale", "s1": "Ali", "s2": "C", "s3": "Dm", "s4": "Da"}


def test_identical_names_get_numbered_labels() -> None:
    labels = theme.seat_labels(_view("Sam", "Sam", "Zoë 🎢"))
    assert labels == {"s0": "S1", "s1": "S2", "s2": "Z"}
    assert len(set(labels.values())) == 3


def test_labels_come_from_letters_in_any_script() -> None:
    labels = theme.seat_labels(_view("🎢 Zoë", "花子", "Дима", "Ελένη"))
    assert labels == {"s0": "Z", "s1": "花", "s2": "Д", "s3": "Ε"}


def test_every_seat_of_a_full_table_has_its_own_colour_and_shape() -> None:
    count = len(theme.SEAT_SHAPES)
    assert len(set(theme.PLAYER_COLORS[:count])) == count
    assert len(set(theme.SHAPE_GLYPHS)) == count == len(theme.PLAYER_COLOR_NAMES)


def test_token_words_say_shape_and_colour() -> None:
    """What the bot puts in its messages ("you are ▲ sky blue")."""
    assert theme.token_words(0) == "● orange"
    assert theme.token_words(1) == "▲ sky blue"
    assert theme.seat_token_words(["a", "b", "c"], "c") == "■ navy"


def _token_image(index: int) -> bytes:
    image = Image.new("RGB", (60, 60), theme.PANEL)
    theme.token(ImageDraw.Draw(image), (30, 30), 20, index)
    return image.tobytes()


def test_tokens_differ_in_shape_not_only_colour() -> None:
    """Drawn without colour (as a grey-scale silhouette) every seat's token still differs."""
    silhouettes = set()
    for index in range(len(theme.SEAT_SHAPES)):
        image = Image.frombytes("RGB", (60, 60), _token_image(index))
        mask = image.convert("L").point(lambda v: 255 if v < 250 else 0)
        silhouettes.add(mask.tobytes())
    assert len(silhouettes) == len(theme.SEAT_SHAPES)
