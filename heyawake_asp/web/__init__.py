"""The board in the browser (``heyawake serve``): the JSON API, the server and the page.

`heyawake_asp.web.api` answers a request's body, in a child process;
`heyawake_asp.web.server` serves it and the page in ``static/`` over HTTP.
"""
