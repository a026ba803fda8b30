"""nbgrader's settings for grading the qttt course: copy this file into your nbgrader course
directory (lessons/INSTRUCTORS.md, "Grade with nbgrader").

The lessons are nbgrader source as they stand (``python tools/course.py nbgrader`` keeps
their metadata current): each task's answer cell is a solution cell, its check cell a locked
autograded test. Nothing here switches grading on: while nbgrader runs a notebook
(``autograde``, or a student's ``validate``) it sets ``NBGRADER_EXECUTION`` in the kernel's
environment, and ``check()`` then raises ``AssertionError`` with its hint instead of
printing "Not yet", so a wrong or missing answer fails its check cell and scores 0.
"""
c = get_config()  # noqa: F821 - nbgrader's config loader provides get_config

c.CourseDirectory.course_id = "qttt"

# A lesson cell may run Qiskit for a while on a busy machine; nbgrader's default is 30 s a cell.
c.Execute.timeout = 600

# nbgrader's own stub (the student edition's inside a function body); it leaves the answer
# None, which every check refuses.
c.ClearSolutions.code_stub = {"python": "# YOUR CODE HERE\nraise NotImplementedError()"}
