"""Test-wide settings."""

from collections.abc import Iterator

import pytest
import streamlit as st
from hypothesis import HealthCheck, settings

# No test may fail on a time: hypothesis's per-example deadline is off everywhere.
settings.register_profile(
    "atout", deadline=None, suppress_health_check=[HealthCheck.too_slow], print_blob=True
)
settings.load_profile("atout")


@pytest.fixture
def _fresh_caches() -> Iterator[None]:
    """Streamlit's caches emptied around an AppTest (each test sees a fresh server)."""
    st.cache_data.clear()
    st.cache_resource.clear()
    yield
    st.cache_data.clear()
    st.cache_resource.clear()
