"""The data folder and the SQLite files are their owner's only (issue 23): a local user must
not copy the database and read the deck of every hand in play."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest
from _process import croupier

from croupier.errors import ConfigurationError
from croupier.server.config import prepare_data_dir
from croupier.server.storage import Store


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_data_folder_others_can_read_is_refused(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir(mode=0o755)
    data.chmod(0o755)  # as the operator's own mkdir makes it
    with pytest.raises(ConfigurationError, match="can be read by others"):
        prepare_data_dir(data)
    served = croupier("serve", "--port", "0", "--data", str(data))
    assert served.returncode != 0
    assert "can be read by others" in served.stdout + served.stderr
    assert not (data / "croupier.db").exists()  # nothing was made in it
    data.chmod(0o700)
    assert prepare_data_dir(data) == data
    assert _mode(prepare_data_dir(tmp_path / "new")) == 0o700


def test_the_sqlite_files_are_made_owner_only_and_set_back_if_not(tmp_path: Path) -> None:
    made = tmp_path / "made.db"
    Store(f"sqlite:///{made}").close()
    assert _mode(made) == 0o600
    old = tmp_path / "old.db"
    Store(f"sqlite:///{old}").close()
    old.chmod(0o644)  # a file from before, or copied in by hand
    Store(f"sqlite:///{old}").close()
    assert _mode(old) == 0o600
    for journal in tmp_path.glob("*.db-*"):
        assert _mode(journal) & 0o077 == 0, journal
