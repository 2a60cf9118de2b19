// JSON-line output and bounded error lists of the driver.
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"sync"
)

func emit(event string, fields map[string]any) {
	fields["event"] = event
	b, err := json.Marshal(fields)
	if err != nil {
		panic(err)
	}
	fmt.Fprintln(os.Stdout, string(b))
}

// errorList keeps the first 20 errors and counts the rest.
type errorList struct {
	mu    sync.Mutex
	first []string
	count int
}

func (e *errorList) add(format string, args ...any) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.count++
	if len(e.first) < 20 {
		e.first = append(e.first, fmt.Sprintf(format, args...))
	}
}

func (e *errorList) list() []string {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([]string{}, e.first...)
}
