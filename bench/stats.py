"""Percentiles for benchmark reports (printed numbers, never asserted)."""

from __future__ import annotations

from collections.abc import Sequence


def percentile(samples: Sequence[float], q: float) -> float:
    """The ``q``-th percentile (0..100) by nearest rank."""
    if not samples:
        return float("nan")
    ordered = sorted(samples)
    rank = max(0, min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1))))
    return ordered[rank]


def summary(samples_ms: Sequence[float]) -> str:
    return (
        f"p50 {percentile(samples_ms, 50):7.2f} ms  p99 {percentile(samples_ms, 99):7.2f} ms  "
        f"n={len(samples_ms)}"
    )
