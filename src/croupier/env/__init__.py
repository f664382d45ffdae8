"""Environments for researchers: PettingZoo (AEC and parallel), Gymnasium and vectorised.

Install with the extra: ``pip install croupier[env]``.

>>> from croupier.env import aec_env
>>> env = aec_env(players=2)
>>> env.reset(seed=1)

:mod:`croupier.env.game` is the engine side (no PettingZoo or Gymnasium needed);
:mod:`croupier.env.observation` documents the flat vector;
:mod:`croupier.env.actions` the action sets and their masks.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

from croupier.env.actions import ActionSet, AmountActions
from croupier.env.game import PokerGame

if TYPE_CHECKING:
    from croupier.env.aec import CroupierAEC
    from croupier.env.gym import CroupierGym
    from croupier.env.parallel import CroupierParallel
    from croupier.env.vector import VectorGame

__all__ = [
    "ActionSet",
    "AmountActions",
    "PokerGame",
    "aec_env",
    "gym_env",
    "parallel_env",
    "register_envs",
    "vector_env",
]

ENV_ID = "croupier/Holdem-v0"
"""The id under which ``gymnasium.make`` builds :class:`~croupier.env.gym.CroupierGym`."""


def register_envs() -> None:
    """Register ``croupier/Holdem-v0`` with Gymnasium (done when ``croupier.env`` is imported)."""
    from gymnasium.envs.registration import register, registry

    if ENV_ID not in registry:
        register(ENV_ID, entry_point="croupier.env.gym:CroupierGym")


with contextlib.suppress(ImportError):  # without the [env] extra: nothing to register
    register_envs()


def aec_env(**kwargs: Any) -> CroupierAEC:
    """The PettingZoo AEC environment (:class:`croupier.env.aec.CroupierAEC`)."""
    from croupier.env.aec import CroupierAEC

    return CroupierAEC(**kwargs)


def parallel_env(**kwargs: Any) -> CroupierParallel:
    """The PettingZoo parallel environment (:class:`croupier.env.parallel.CroupierParallel`)."""
    from croupier.env.parallel import CroupierParallel

    return CroupierParallel(**kwargs)


def gym_env(**kwargs: Any) -> CroupierGym:
    """The single-agent Gymnasium environment (:class:`croupier.env.gym.CroupierGym`)."""
    from croupier.env.gym import CroupierGym

    return CroupierGym(**kwargs)


def vector_env(**kwargs: Any) -> VectorGame:
    """Many tables stepped in one call (:class:`croupier.env.vector.VectorGame`)."""
    from croupier.env.vector import VectorGame

    return VectorGame(**kwargs)
