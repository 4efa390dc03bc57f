"""Worlds: the deals a seat cannot tell apart, sampled uniformly or enumerated exactly."""

from .knowledge import HandConstraint, KnowledgeError, SeatKnowledge, WorldKnowledge
from .sampler import WorldSet, count_worlds, enumerate_worlds, sample_worlds, world_set

__all__ = [
    "HandConstraint",
    "KnowledgeError",
    "SeatKnowledge",
    "WorldKnowledge",
    "WorldSet",
    "count_worlds",
    "enumerate_worlds",
    "sample_worlds",
    "world_set",
]
