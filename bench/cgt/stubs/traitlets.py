"""A stand-in for traitlets, imported by cgt-py 0.11 for its Jupyter widgets only
(see anywidget.py here and bench/cgt/cases.py)."""


class TraitType:
    def tag(self, **metadata):
        return self


class Any(TraitType):
    pass


class Unicode(TraitType):
    pass
