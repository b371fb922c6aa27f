"""``make test`` runs the suite with ``--dist loadgroup``: a module marked ``xdist_group`` runs on one
worker, so its costly module fixtures are built once.  Under pytest 9 with pytest-xdist 3.8 the mark
silently did nothing (the group is written into ``Node._nodeid``, which pytest 9 no longer reads): the
README tour's fixture (about 20 CPU-s) was built on both workers.  This test fails when that happens again."""
from __future__ import annotations

import pytest

pytestmark = pytest.mark.xdist_group("test_xdist_groups")


def test_a_marked_module_is_grouped_under_loadgroup(request):
    if not getattr(request.config.option, "loadgroup", False):     # (set on each worker by pytest-xdist)
        pytest.skip("not run with --dist loadgroup (make test is)")
    assert request.node.nodeid.endswith("@test_xdist_groups"), request.node.nodeid
