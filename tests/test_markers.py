"""Every test file names its kind (tests/conftest.py): a file without one fails the collection
instead of quietly joining the quick unit tests."""

import shutil
from pathlib import Path

import pytest

pytestmark = pytest.mark.unit

pytest_plugins = ["pytester"]

CONFTEST = Path(__file__).with_name("conftest.py")


def collect(pytester, source: str, *args: str):
    """Collect a new test file `source` under a copy of the project's conftest (another process)."""
    shutil.copy(CONFTEST, pytester.path / "conftest.py")
    pytester.makepyfile(test_new=source)
    return pytester.runpytest_subprocess("--collect-only", "-q", "-p", "no:cacheprovider", *args)


def test_a_test_file_without_a_kind_fails_the_collection_naming_the_file(pytester):
    result = collect(pytester, "def test_x():\n    assert True\n")
    assert result.ret == pytest.ExitCode.INTERRUPTED
    result.stdout.fnmatch_lines(["*test_new.py names no kind: a test file says its kind once*"])


def test_a_test_file_with_two_kinds_fails_the_collection(pytester):
    result = collect(pytester, "import pytest\npytestmark = [pytest.mark.unit, pytest.mark.load]\n"
                               "def test_x():\n    assert True\n")
    assert result.ret == pytest.ExitCode.INTERRUPTED
    result.stdout.fnmatch_lines(["*test_new.py names 2 kinds (unit, load)*"])


def test_a_test_file_with_its_kind_is_collected_with_that_kind(pytester):
    result = collect(pytester, "import pytest\npytestmark = pytest.mark.store\ndef test_x():\n    assert True\n",
                     "-m", "store")
    assert result.ret == pytest.ExitCode.OK
    result.stdout.fnmatch_lines(["test_new.py::test_x"])
