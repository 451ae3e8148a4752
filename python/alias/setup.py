"""The alias wheel: a module and a .pth file beside it in site-packages.
setuptools has no option for a top-level .pth file, so build_py copies it
into the build tree next to the module."""
import os

from setuptools import setup
from setuptools.command.build_py import build_py

PTH = "lipsqlite-sqlite3-alias.pth"


class build_py_with_pth(build_py):
    def run(self):
        super().run()
        self.copy_file(PTH, os.path.join(self.build_lib, PTH))

    def get_outputs(self, include_bytecode=1):
        return super().get_outputs(include_bytecode) + [os.path.join(self.build_lib, PTH)]


setup(cmdclass={"build_py": build_py_with_pth})
