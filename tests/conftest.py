"""Test-wide settings."""

from hypothesis import HealthCheck, settings

# No test may fail on a time: hypothesis's per-example deadline is off everywhere.
settings.register_profile(
    "atout", deadline=None, suppress_health_check=[HealthCheck.too_slow], print_blob=True
)
settings.load_profile("atout")
