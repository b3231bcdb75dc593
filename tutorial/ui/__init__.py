"""User-interface helpers: pure renderers (no streamlit import here) and the app's widgets."""
