Attribute VB_Name = "OpenCrtExample"
' OpenCRT API example (Excel VBA): sign in, run one simulation and write each bond's WAL to the active sheet.
' Import this module (Developer > Visual Basic > File > Import), set the constants, run RunOpenCrtSimulation.
Option Explicit

Private Const BASE_URL As String = "http://localhost:8080"
Private Const USER_NAME As String = "analyst"
Private Const DEAL_NAME As String = "STACR 2026-DNA1"

Private Function PostText(url As String, body As String, contentType As String, token As String) As String
    Dim http As Object
    Set http = CreateObject("MSXML2.ServerXMLHTTP.6.0")
    http.Open "POST", url, False
    http.setRequestHeader "Content-Type", contentType
    If token <> "" Then http.setRequestHeader "Authorization", "Bearer " & token
    http.send body
    If http.Status < 200 Or http.Status >= 300 Then Err.Raise vbObjectError + 1, , "HTTP " & http.Status & ": " & http.responseText
    PostText = http.responseText
End Function

Public Sub RunOpenCrtSimulation()
    Dim password As String, answer As String, token As String, body As String
    Dim re As Object, m As Object, row As Long
    password = InputBox("OpenCRT password for " & USER_NAME)
    answer = PostText(BASE_URL & "/api/oauth/token", "grant_type=password&username=" & USER_NAME & "&password=" & _
        Application.WorksheetFunction.EncodeURL(password), "application/x-www-form-urlencoded", "")
    Set re = CreateObject("VBScript.RegExp")
    re.Pattern = """access_token""\s*:\s*""([^""]+)"""
    token = re.Execute(answer)(0).SubMatches(0)

    ' Rates are fractions per period; the first value is the settlement period.
    body = "{""DealName"":""" & DEAL_NAME & """,""SettlementDate"":20260217,""Cpr"":[0,0.10],""Cdr"":[0,0.01]," & _
           """LossSeverity"":[0,0.25],""Delinquency"":[0,0],""Libor"":[0,0.04]}"
    answer = PostText(BASE_URL & "/api/simulate?useShallowResponse=true", body, "application/json", token)

    re.Global = True
    re.Pattern = """BondName""\s*:\s*""([^""]+)""[^{}]*?""Wal""\s*:\s*(-?[0-9.eE+-]+)"
    ActiveSheet.Range("A1:B1").Value = Array("Bond", "WAL")
    row = 2
    For Each m In re.Execute(answer)
        ActiveSheet.Cells(row, 1).Value = m.SubMatches(0)
        ActiveSheet.Cells(row, 2).Value = Val(m.SubMatches(1))
        row = row + 1
    Next m
End Sub
