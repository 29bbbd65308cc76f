"""``simulate``: the same seed gives the same table with 1 or 2 workers and on Dask.

Dask is in the ``test`` extra: without it these tests fail rather than skip.
"""

from __future__ import annotations

import json

import pytest
from jsonschema import Draft202012Validator

from intlscore.engine.odds.simulate import run_chunk, simulate
from intlscore.faces.cli import main
from intlscore.faces.documents import schema


def test_one_and_two_workers_give_the_same_counts() -> None:
    one = simulate(40, seed=7, workers=1, ks=(1, 3), chunk=10)
    two = simulate(40, seed=7, workers=2, ks=(1, 3), chunk=10)
    assert one == two
    assert one.hands == 40
    # the counts are the sum of the chunks, each seeded by its own number
    parts = [run_chunk(7, i, 10, (1, 3)) for i in range(4)]
    assert sum(p.within[1][0] for p in parts) == one.within[1][0]


def test_counts_are_consistent() -> None:
    counts = simulate(20, seed=3, ks=(1, 6), chunk=10)
    for t in range(len(counts.dealt14)):
        # dealt implies within 1 implies within 6 (monotone in k)
        assert counts.dealt14[t] <= counts.within[0][t] <= counts.within[1][t] <= 20
    assert counts.any_within[0] <= counts.any_within[1] <= 20
    assert simulate(20, seed=4, ks=(1, 6), chunk=10) != counts or counts.any_within[1] == 0


@pytest.mark.slow
def test_a_local_dask_cluster_gives_the_same_counts(capsys: pytest.CaptureFixture[str]) -> None:
    import distributed

    with (
        distributed.LocalCluster(
            n_workers=1,
            threads_per_worker=2,
            processes=False,
            protocol="tcp",
            dashboard_address=None,
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        on_dask = simulate(30, seed=11, ks=(1, 3), chunk=10, executor=client.get_executor())
        assert on_dask == simulate(30, seed=11, ks=(1, 3), chunk=10)
        status = main(
            [
                "simulate",
                "--hands",
                "12",
                "--seed",
                "2",
                "--within",
                "2",
                "--json",
                "--scheduler",
                cluster.scheduler_address,
            ]
        )
    assert status == 0
    data = json.loads(capsys.readouterr().out)
    Draft202012Validator(schema("simulate")).validate(data)
    assert data["format"] == "simulate/1" and data["hands"] == 12
    assert data == simulate(12, seed=2, ks=(2,)).to_dict()  # the same "format" first


def test_bad_scheduler_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["simulate", "--hands", "5", "--scheduler", "nonsense://x"])
    assert status == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "Dask scheduler" in err[0]
