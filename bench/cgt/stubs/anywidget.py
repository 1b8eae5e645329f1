"""A stand-in for anywidget, which cgt-py 0.11 imports when it loads (to define its
Jupyter widgets) without declaring it as a dependency. The benchmark only values
positions, so the widgets are never made; see bench/cgt/cases.py."""


class AnyWidget:
    def __init__(self, *args, **kwargs):
        raise RuntimeError("bench/cgt/stubs: the widgets need the real anywidget")
