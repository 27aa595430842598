"""Processes that write one class store at once (tests/test_store.py, issue 6's "thirty
kernels"): each is a separate OS process with its own connection, forked from a
``forkserver`` that has imported the store once, so thirty writers cost thirty forks, not
thirty Python start-ups (issue 18: the time of ``make test``)."""

from __future__ import annotations



def write_lessons(url: str, who: str) -> None:
    """One learner's work as a kernel writes it: five lessons started, answered (one wrong,
    one right), stars recorded, a wrong answer for the shared learner "Everyone" in each,
    and the language setting."""
    from unoparty.progress import SQLStore
    s = SQLStore(url)
    for k in range(5):
        lesson = f"lesson-{k}"
        s.start_lesson(who, lesson)
        s.record_answer(who, lesson, ["T-1", "SP-4"], right=False)
        s.record_answer(who, lesson, ["T-1"], right=True)
        s.record_answer("Everyone", lesson, ["T-1"], right=False)
        s.record_stars(who, lesson, 1 + k % 3)
    s.set_setting(who, "language", "fr")
    close = getattr(s, "close", None)
    if close is not None:
        close()


def run_writers(url: str, names: list[str]) -> list[int]:
    """Start one writer process per name at once, wait for all; their exit codes (0 each
    when all went well; a writer's traceback goes to stderr)."""
    from tests.helpers_forks import context
    ctx = context()
    procs = [ctx.Process(target=write_lessons, args=(url, name)) for name in names]
    for p in procs:
        p.start()
    for p in procs:
        p.join()
    return [p.exitcode if p.exitcode is not None else -1 for p in procs]
